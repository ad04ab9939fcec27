"""Event files carry text people read as message data (issue 30): the export
writes a rules finding, a list's warnings and reasons as ``{"code",
"fields"}``, and a file of version 1 (that text as English) is upgraded on
import into the same messages (scoring.legacy_text)."""

from __future__ import annotations

import pytest

from heats.core.errors import UserError
from heats.core.message import Message, is_data, load
from heats.models import Event
from scoring.core import warnings_text
from scoring.core.reasons import reason
from scoring.models import PublishedEntry, PublishedList, TableCheck
from scoring.services import transfer
from tests.scoring.services.test_transfer import canonical, full_event  # noqa: F401

pytestmark = pytest.mark.django_db


def english(value):
    """``value`` with every message data in it written as its English."""
    if is_data(value):
        return str(load(value))
    if isinstance(value, dict):
        return {k: english(v) for k, v in value.items()}
    if isinstance(value, list):
        return [english(v) for v in value]
    return value


@pytest.fixture
def listed(full_event):  # noqa: F811
    """The full event with a published list that has warnings."""
    latest = PublishedList.objects.filter(event=full_event).first()
    tie = reason(warnings_text.TIE_UNRESOLVED, names="Rock or Roll, nobody")
    warnings = [
        reason(warnings_text.TABLE_WARNING, heat=1, table=3, warning=tie),
        reason(warnings_text.PROVISIONAL, heat=2, table=5),
    ]
    PublishedList.objects.create(
        event=full_event, data={**latest.data, "warnings": warnings}
    )
    return full_event


def fields_of(document: dict, label: str) -> list[dict]:
    return [o["fields"] for o in document["objects"] if o["model"] == label]


def test_the_export_writes_stored_text_as_message_data(listed):
    document = transfer.export_event(listed)
    assert document["version"] == 2
    findings = [
        f["message"]
        for c in fields_of(document, "scoring.tablecheck")
        for f in c["findings"]
    ]
    assert findings and all(is_data(m) for m in findings)
    data = fields_of(document, "scoring.publishedlist")[-1]["data"]
    assert data["warnings"] and all(is_data(w) for w in data["warnings"])
    reasons = [f["reason"] for f in fields_of(document, "scoring.publishedentry")]
    assert reasons and [r for r in reasons if r and not is_data(r)] == []
    # The English the pages show is the message's.
    warning = PublishedList.objects.filter(event=listed).first().data["warnings"][0]
    assert isinstance(warning, Message) and warning == english(data["warnings"][0])


def test_a_file_of_version_1_is_upgraded_into_the_same_messages(listed):
    before = canonical(listed)
    document = transfer.export_event(listed)
    document["version"] = 1
    document["objects"] = english(document["objects"])
    assert not is_data(fields_of(document, "scoring.publishedentry")[0]["reason"])

    transfer.import_event(transfer.loads(transfer.dumps(document)), slug="old")

    old = Event.objects.get(slug="old")
    assert canonical(old) == before
    entries = PublishedEntry.objects.filter(published_list__event=old)
    assert all(isinstance(e.reason, Message) for e in entries if e.reason)
    checks = TableCheck.objects.filter(table__round__event=old)
    messages = [f["message"] for c in checks for f in c.findings]
    assert messages and all(isinstance(m, Message) for m in messages)


def test_message_data_whose_fields_do_not_fit_is_refused(full_event):  # noqa: F811
    document = transfer.export_event(full_event)
    check = next(c for c in fields_of(document, "scoring.tablecheck") if c["findings"])
    check["findings"][0]["message"] = {"code": "lot %(lot)s", "fields": {}}
    with pytest.raises(UserError, match=r"findings\[0\]\.message .*: message .lot"):
        transfer.import_event(transfer.loads(transfer.dumps(document)), slug="bad")
    assert not Event.objects.filter(slug="bad").exists()


def test_a_plural_warning_travels_with_both_forms(listed):
    empty = {
        "code": "%(count)s seat left empty: no second or third place left to call "
        "(every one is seated, a winner or absent)",
        "plural": "%(count)s seats left empty: no second or third place left to "
        "call (every one is seated, a winner or absent)",
        "count_field": "count",
        "fields": {"count": 1},
    }
    # Written before plurals: the "(s)" text, read as the plural it now is.
    old = {
        "code": "%(count)s winner(s) for the final: heats winners only calls no "
        "alternate, so the GM decides how the final is played",
        "fields": {"count": 2},
    }
    latest = PublishedList.objects.filter(event=listed).first()
    PublishedList.objects.create(
        event=listed, data={**latest.data, "warnings": [load(empty), old]}
    )
    document = transfer.export_event(listed)
    warnings = fields_of(document, "scoring.publishedlist")[-1]["data"]["warnings"]
    assert warnings[0] == empty
    assert warnings[1]["plural"] == (
        "%(count)s winners for the final: heats winners only calls no "
        "alternate, so the GM decides how the final is played"
    )

    transfer.import_event(transfer.loads(transfer.dumps(document)), slug="copy")

    copied = PublishedList.objects.filter(event__slug="copy").first()
    assert copied.data["warnings"] == [
        "1 seat left empty: no second or third place left to call (every one is "
        "seated, a winner or absent)",
        "2 winners for the final: heats winners only calls no alternate, so the GM "
        "decides how the final is played",
    ]
    assert [w.count_field for w in copied.data["warnings"]] == ["count", "count"]
