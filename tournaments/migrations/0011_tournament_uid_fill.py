"""Tournament.uid, step 2: a distinct identity for every existing event."""

import uuid

from django.db import migrations


def fill_uids(apps, schema_editor):
    Tournament = apps.get_model("tournaments", "Tournament")
    rows = list(Tournament.objects.filter(uid__isnull=True).only("pk"))
    for row in rows:
        row.uid = uuid.uuid4()
    Tournament.objects.bulk_update(rows, ["uid"], batch_size=500)


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0010_tournament_uid"),
    ]

    operations = [
        migrations.RunPython(fill_uids, migrations.RunPython.noop),
    ]
