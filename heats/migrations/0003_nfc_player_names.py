"""Store player names in NFC and recompute their keys (``heats.core.names``).

Names saved before keys were NFC may hold a decomposed "Zoe\u0308" next to a
composed "Zoë". Two badge-less players of one event whose keys become equal would
break ``player_name_unique_without_badge``: the migration then stops, names them,
and changes nothing, so they can be renamed or given badges (admin: Players) first.
"""

from collections import defaultdict

from django.db import migrations

from heats.core.names import display_name, name_key


def recompute_names(apps, schema_editor):
    Player = apps.get_model("heats", "Player")
    owners = defaultdict(list)
    changed = []
    for player in Player.objects.order_by("pk"):
        name = display_name(player.name) or player.name
        key = name_key(name) or player.name_key
        if not player.badge:
            owners[(player.event_id, key)].append(player)
        if (name, key) != (player.name, player.name_key):
            player.name, player.name_key = name, key
            changed.append(player)
    clashes = [group for group in owners.values() if len(group) > 1]
    if clashes:
        listed = "; ".join(
            " and ".join(f"{p.name!r} (id {p.pk}, event id {p.event_id})" for p in g)
            for g in clashes
        )
        raise RuntimeError(
            "These players become one name in NFC: rename one or give them badges "
            f"(admin: Players), then migrate again: {listed}"
        )
    Player.objects.bulk_update(changed, ["name", "name_key"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [
        ("heats", "0002_keepapart"),
    ]

    operations = [
        migrations.RunPython(recompute_names, migrations.RunPython.noop),
    ]
