"""Text as data (issue 30): the rules findings, a published list's warnings and
reasons and the final's fill summary are stored as message data (``{"code",
"fields"}``, ``heats.core.message``) instead of English. The English stored
until now is read back into its messages here, once (``scoring.legacy_text``);
text no template wrote stays as it is. Backwards, the messages are written out
as their English again."""

from django.db import migrations, models

import heats.fields
from heats.core.message import Message
from scoring.legacy_text import findings_rows, list_data, reason_message

JSON_FIELDS = (
    ("TableCheck", "findings", findings_rows),
    ("ScoresheetSubmission", "findings", findings_rows),
    ("PublishedList", "data", list_data),
)
TEXT_FIELDS = (("PublishedEntry", "reason"), ("FinalFill", "summary"))


def english(value):
    """``value`` with every message in it written as its English text."""
    if isinstance(value, Message):
        return str(value)
    if isinstance(value, dict):
        return {k: english(v) for k, v in value.items()}
    if isinstance(value, list):
        return [english(v) for v in value]
    return value


def to_data(apps, schema_editor):
    for model_name, name, convert in JSON_FIELDS:
        model = apps.get_model("scoring", model_name)
        for pk, value in model.objects.values_list("pk", name).iterator():
            model.objects.filter(pk=pk).update(**{name: convert(value)})
    for model_name, name in TEXT_FIELDS:
        model = apps.get_model("scoring", model_name)
        for pk, value in model.objects.values_list("pk", f"{name}_text").iterator():
            model.objects.filter(pk=pk).update(**{name: reason_message(value)})


def to_english(apps, schema_editor):
    for model_name, name, _ in JSON_FIELDS:
        model = apps.get_model("scoring", model_name)
        for pk, value in model.objects.values_list("pk", name).iterator():
            model.objects.filter(pk=pk).update(**{name: english(value)})
    for model_name, name in TEXT_FIELDS:
        model = apps.get_model("scoring", model_name)
        for pk, value in model.objects.values_list("pk", name).iterator():
            model.objects.filter(pk=pk).update(**{f"{name}_text": english(value)})


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0009_report_seating"),
    ]

    operations = [
        migrations.AlterField(
            model_name="tablecheck",
            name="findings",
            field=heats.fields.MessagesField(default=list),
        ),
        migrations.AlterField(
            model_name="scoresheetsubmission",
            name="findings",
            field=heats.fields.MessagesField(default=list),
        ),
        migrations.AlterField(
            model_name="publishedlist",
            name="data",
            field=heats.fields.MessagesField(),
        ),
        migrations.RenameField("publishedentry", "reason", "reason_text"),
        migrations.RenameField("finalfill", "summary", "summary_text"),
        migrations.AddField(
            model_name="publishedentry",
            name="reason",
            field=heats.fields.MessagesField(blank=True, default=str),
        ),
        migrations.AddField(
            model_name="finalfill",
            name="summary",
            field=heats.fields.MessagesField(default=""),
            preserve_default=False,
        ),
        migrations.RunPython(to_data, to_english),
        # A default, so that going back can add the column again to full rows.
        migrations.AlterField(
            model_name="finalfill",
            name="summary_text",
            field=models.CharField(blank=True, default="", max_length=500),
        ),
        migrations.RemoveField("publishedentry", "reason_text"),
        migrations.RemoveField("finalfill", "summary_text"),
    ]
