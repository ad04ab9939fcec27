# Issue 17 (items 5 and 8): the clock of a round seated again runs from its first
# seating, and the seating "Seat again" replaced can be put back.

from django.db import migrations, models
from django.db.models import F


def fill_first_seating(apps, schema_editor):
    """A round seated already was first seated, as far as is known, when it was
    last seated."""
    Round = apps.get_model("heats", "Round")
    Round.objects.filter(seated_at__isnull=False).update(first_seated_at=F("seated_at"))


class Migration(migrations.Migration):

    dependencies = [
        ("heats", "0010_event_time_zone_archived"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="first_seated_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="round",
            name="previous_seating",
            field=models.JSONField(blank=True, null=True),
        ),
        migrations.RunPython(fill_first_seating, migrations.RunPython.noop),
    ]
