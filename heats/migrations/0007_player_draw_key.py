"""Player.draw_key: the stable key of a player's die rolls, back-filled with the
key each player's rolls were seeded with until now (``legacy_draw_keys``), so no
past roll changes; ``draw_name`` (the name kept after a correction) is folded in."""

from django.db import migrations, models

from heats.core.names import legacy_draw_keys


def fill_draw_keys(apps, schema_editor):
    Player = apps.get_model("heats", "Player")
    events = Player.objects.values_list("event_id", flat=True).distinct()
    for event_id in events:
        rows = Player.objects.filter(event_id=event_id).values_list(
            "pk", "name", "name_key", "badge", "draw_name"
        )
        for pk, key in legacy_draw_keys(list(rows)).items():
            Player.objects.filter(pk=pk).update(draw_key=key)


def keep_names(apps, schema_editor):
    """Backwards: a draw key that is not the player's name is the kept name."""
    Player = apps.get_model("heats", "Player")
    for player in Player.objects.all():
        if player.draw_key != player.name:
            player.draw_name = player.draw_key
            player.save(update_fields=["draw_name"])


class Migration(migrations.Migration):

    dependencies = [
        ("heats", "0006_round_ordinal"),
    ]

    operations = [
        migrations.AddField(
            model_name="player",
            name="draw_key",
            field=models.CharField(default="", editable=False, max_length=180),
            preserve_default=False,
        ),
        migrations.RunPython(fill_draw_keys, keep_names),
    ]
