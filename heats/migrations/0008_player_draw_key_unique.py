"""Player.draw_key unique in the event; ``draw_name`` folded into it (0007).

Apart from 0007 so that PostgreSQL alters the table in a transaction of its own,
after the rows were updated."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("heats", "0007_player_draw_key"),
    ]

    operations = [
        migrations.RemoveField(
            model_name="player",
            name="draw_name",
        ),
        migrations.AddConstraint(
            model_name="player",
            constraint=models.UniqueConstraint(
                fields=("event", "draw_key"), name="player_draw_key_unique_per_event"
            ),
        ),
    ]
