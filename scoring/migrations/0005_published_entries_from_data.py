"""Published lists' players as rows (PublishedEntry), read from the names their
``data`` held: each name is matched to the player the pages named so (the name,
or "Name (#badge)" beside a namesake). A name that matches nobody is left in
``data`` only."""

from collections import Counter

from django.db import migrations

from heats.core.names import badged_name

PARTS = (
    "qualifiers",
    "alternates",
    "next_alternates",
    "pared",
    "skipped",
    "double_winners",
)


def _ids_by_name(Player, event_id):
    players = list(
        Player.objects.filter(event_id=event_id).values_list(
            "pk", "name", "name_key", "badge"
        )
    )
    counts = Counter(key for _, _, key, _ in players)
    ids = {}
    for pk, name, key, badge in players:
        ids.setdefault(name, pk)
        ids[badged_name(name, badge, counts[key])] = pk
    return ids


def fill_entries(apps, schema_editor):
    Player = apps.get_model("heats", "Player")
    PublishedList = apps.get_model("scoring", "PublishedList")
    PublishedEntry = apps.get_model("scoring", "PublishedEntry")
    for published in PublishedList.objects.all():
        ids = _ids_by_name(Player, published.event_id)
        rows = []
        for part in PARTS:
            position = 0
            for row in published.data.get(part, []):
                name = row if isinstance(row, str) else row.get("player")
                pk = ids.get(name)
                if pk is None:
                    continue
                position += 1
                extra = {} if isinstance(row, str) else row
                rows.append(
                    PublishedEntry(
                        published_list=published,
                        player_id=pk,
                        part=part,
                        position=position,
                        reason=str(extra.get("reason", ""))[:500],
                        percent=extra.get("percent"),
                        heat=extra.get("heat"),
                        table=extra.get("table"),
                        place=extra.get("place"),
                    )
                )
        PublishedEntry.objects.bulk_create(rows)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0004_published_entry"),
        ("heats", "0008_player_draw_key_unique"),
    ]

    operations = [
        migrations.RunPython(fill_entries, migrations.RunPython.noop),
    ]
