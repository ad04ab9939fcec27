"""``Table.result_status`` (heats 0009) filled for the tables saved before it, from
their records and rules checks (``scoring.core.status.result_status``)."""

from collections import Counter, defaultdict

from django.db import migrations

from scoring.core.status import result_status


def fill(apps, schema_editor):
    Table = apps.get_model("heats", "Table")
    Seat = apps.get_model("heats", "Seat")
    PlayerRecord = apps.get_model("scoring", "PlayerRecord")
    TableCheck = apps.get_model("scoring", "TableCheck")
    seats = Counter(Seat.objects.values_list("table_id", flat=True))
    places = defaultdict(list)
    for table_id, place in PlayerRecord.objects.values_list("seat__table_id", "place"):
        places[table_id].append(place)
    held = {
        table_id
        for table_id, findings in TableCheck.objects.filter(
            acknowledged_at__isnull=True
        ).values_list("table_id", "findings")
        if findings
    }
    by_status = defaultdict(list)
    for pk in Table.objects.values_list("pk", flat=True):
        status = result_status(seats[pk], places[pk], held=pk in held)
        by_status[status.value].append(pk)
    for status, pks in by_status.items():
        Table.objects.filter(pk__in=pks).update(result_status=status)


class Migration(migrations.Migration):

    dependencies = [
        ("scoring", "0005_published_entries_from_data"),
        ("heats", "0009_table_result_status"),
    ]

    operations = [
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
