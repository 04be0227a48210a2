"""Tournament.uid, step 1 of Django's three for a new unique field
("Migrations that add unique fields"): a plain AddField with
``default=uuid.uuid4`` computes the default once, so every existing
tournament would get the same value and the unique index would fail. The
field is added nullable here, filled in 0011, made unique in 0012."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("tournaments", "0009_orderings_without_joins"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="uid",
            field=models.UUIDField(editable=False, null=True, verbose_name="identity"),
        ),
    ]
