"""Tournament.uid, step 3: required and unique, new events get uuid4."""

import uuid

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0011_tournament_uid_fill"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(
                default=uuid.uuid4, editable=False, unique=True, verbose_name="identity"
            ),
        ),
    ]
