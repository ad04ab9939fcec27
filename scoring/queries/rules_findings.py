"""Rules findings worked out, read only: the level-1 findings on a table's
recorded scores (or on scores as typed), a scoresheet's findings, a sheet
read from text and compared with the table's recorded result (rules.md,
"Verifying a submitted scoresheet"). The words, and the writers that store the
findings (``TableCheck``) and attach scoresheets, are in
``scoring.services.rules_checks``.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from heats.core.errors import UserError
from heats.core.files import check_size
from heats.core.message import (
    Message,
    error_text,
)
from heats.models import (
    RoundKind,
    Table,
    normalise_name,
)
from heats.translate import localize, translate
from scoring.core.medici.findings import Finding, ScoresheetError
from scoring.core.medici.limits import check_scores
from scoring.core.medici.rulesets import RuleSetError
from scoring.core.medici.sheet import MAX_SHEET_BYTES, check_json, load_json
from scoring.models import PlayerRecord

# The findings' messages (stored as data: heats.core.message; shown by
# scoring.wording).
CANNOT_CHECK = gettext_noop("cannot check the scores: %(error)s")
FROM_SCORESHEET = (
    # Translators: "message" is one of the scoresheet's findings.
    gettext_noop("scoresheet (level %(level)s): %(message)s")
)
OTHER_SEAT = gettext_noop(
    "the sheet seats %(player)s at %(seat)s; the table has seat %(table_seat)s"
)
OTHER_ENDING = (
    # Translators: "said" and "recorded" are "a game played out" or "time called
    # on day N".
    gettext_noop("the sheet says %(said)s; the recorded result says %(recorded)s")
)
PLAYED_OUT = gettext_noop("a game played out")
TIME_CALLED_ON = gettext_noop("time called on day %(day)s")
NOT_SEATED_HERE = gettext_noop(
    "%(player)s is on the sheet but not seated at this table"
)
NOT_ON_SHEET = gettext_noop("%(player)s is seated here but missing from the sheet")
OTHER_MONEY = gettext_noop(
    "the sheet says %(said)s florins after day %(day)s; the recorded result "
    "says %(recorded)s"
)
OTHER_FINAL = gettext_noop(
    "the sheet says %(said)s florins at the end; the recorded result says %(recorded)s"
)


def _records(table: Table) -> list[PlayerRecord]:
    return list(
        PlayerRecord.objects.filter(seat__table=table)
        .select_related("seat__player")
        .order_by("seat__number")
    )


def level1_findings(table: Table) -> list[dict[str, Any]]:
    """Level-1 findings on ``table``'s recorded scores, as ``Finding.to_dict()`` rows.

    Scores in seat order as ``(player, day1, day2, final)``, checked as a game
    time-called on ``table.time_called`` when set; an unknown rule set is itself a
    finding. Source: rules.md, Verifying, 1.
    """
    rows = [(r.seat.player.name, r.day1, r.day2, r.final) for r in _records(table)]
    return score_findings(table.round.event.rules, rows, table.time_called)


def score_findings(
    rules: str, rows: list[tuple[Any, ...]], time_called: int | None = None
) -> list[dict[str, Any]]:
    """Level-1 findings on one table's scores ``[(player, day1, day2, final)]`` in
    seat order under the rule set ``rules``, for a game time-called on day
    ``time_called`` (``None``: played out; ``limits.check_scores``); an unknown
    rule set is itself a finding; no rows, no findings."""
    if not rows:
        return []
    try:
        findings = check_scores(rules, rows, time_called)
    except RuleSetError as exc:
        message = Message(CANNOT_CHECK, error=error_text(exc))
        findings = [Finding(None, None, message, "rule-set")]
    return [f.to_dict() for f in findings]


def sheet_findings(table: Table) -> list[dict[str, Any]]:
    """The findings of the newest scoresheet attached to ``table``, each message
    marked as coming from the scoresheet (empty when none is attached)."""
    sheet = table.scoresheets.order_by("-submitted_at", "-pk").first()
    if sheet is None:
        return []
    return [
        {**f, "message": Message(FROM_SCORESHEET, level=sheet.level, message=message)}
        for f in sheet.findings
        for message in [f["message"]]
    ]


def parse_sheet_text(text: str) -> dict[str, Any]:
    """Parse one scoresheet (formats.md, Scoresheet JSON) from ``text``.

    Raises UserError naming the line and column of a JSON syntax error, the field of
    a value out of bounds (``sheet.check_json``: NaN, 1e308, a NUL character, a
    lone surrogate, deep nesting...), or saying that the text is too large or not
    one sheet (an object with ``players`` and ``days``). A sheet returned is safe
    to save as it is, on any database.
    """
    # A surrogate is counted, not a crash: check_json names it.
    size = len(text.encode("utf-8", "surrogatepass"))
    try:
        check_size(size, MAX_SHEET_BYTES, Message(gettext_noop("The scoresheet")))
    except UserError as exc:
        raise localize(exc) from None
    try:
        sheet = load_json(text)
        check_json(sheet)
    except ScoresheetError as exc:
        raise UserError(
            _("The scoresheet cannot be read: %(problem)s.")
            % {"problem": translate(error_text(exc))}
        ) from None
    if not isinstance(sheet, dict) or "players" not in sheet or "days" not in sheet:
        raise UserError(
            _(
                "The scoresheet must be one JSON object with 'players' and 'days' "
                "(formats.md, Scoresheet JSON)."
            )
        )
    return sheet


def compare_with_records(sheet: dict[str, Any], table: Table) -> list[dict[str, Any]]:
    """Findings where the sheet disagrees with ``table``'s recorded result.

    Players are matched by name (case and spaces ignored); the sheet's seat order,
    money after days 1 and 2, final money and the day time was called are compared
    with the records and the table.
    """
    records = {normalise_name(r.seat.player.name): r for r in _records(table)}
    names = [str(n) for n in sheet.get("players", [])]
    findings = _player_mismatch(names, records) + _time_called_mismatch(sheet, table)
    for seat, name in enumerate(names, start=1):
        record = records.get(normalise_name(name))
        if record is None:
            continue
        if record.seat.number != seat:
            findings.append(
                _row(
                    None,
                    name,
                    Message(
                        OTHER_SEAT,
                        player=name,
                        seat=seat,
                        table_seat=record.seat.number,
                    ),
                )
            )
        findings += _money_mismatch(sheet, name, record)
    return findings


def _time_called_mismatch(sheet: dict[str, Any], table: Table) -> list[dict[str, Any]]:
    said, recorded = sheet.get("time_called"), table.time_called
    if not records_exist(table) or said == recorded:
        return []

    def describe(day: int | None) -> str:
        return Message(PLAYED_OUT) if day is None else Message(TIME_CALLED_ON, day=day)

    return [
        _row(
            None,
            None,
            Message(OTHER_ENDING, said=describe(said), recorded=describe(recorded)),
        )
    ]


def records_exist(table: Table) -> bool:
    """True once ``table`` has a recorded result."""
    return PlayerRecord.objects.filter(seat__table=table).exists()


def _row(day: int | None, player: str | None, message: str) -> dict[str, Any]:
    return Finding(day, player, message, "recorded-result").to_dict()


def _player_mismatch(
    names: list[str], records: dict[str, PlayerRecord]
) -> list[dict[str, Any]]:
    keys = {normalise_name(n) for n in names}
    out = [
        _row(None, n, Message(NOT_SEATED_HERE, player=n))
        for n in names
        if normalise_name(n) not in records
    ]
    out += [
        _row(
            None,
            r.seat.player.name,
            Message(NOT_ON_SHEET, player=r.seat.player.name),
        )
        for key, r in records.items()
        if key not in keys
    ]
    return out


def _money_mismatch(
    sheet: dict[str, Any], name: str, record: PlayerRecord
) -> list[dict[str, Any]]:
    days = sheet.get("days") or []
    pairs: list[tuple[int | None, Any, int | None]] = [
        (day, _money(days, day - 1, name), recorded)
        for day, recorded in ((1, record.day1), (2, record.day2))
    ]
    final = (sheet.get("final") or {}).get(name)
    pairs.append((None, final, record.final))
    return [
        _row(
            day,
            name,
            Message(OTHER_MONEY, said=said, day=day, recorded=recorded)
            if day
            else Message(OTHER_FINAL, said=said, recorded=recorded),
        )
        for day, said, recorded in pairs
        if said is not None and recorded is not None and said != recorded
    ]


def _money(days: list[Any], index: int, name: str) -> Any:
    if index >= len(days) or not isinstance(days[index], dict):
        return None
    return (days[index].get("money") or {}).get(name)


def check_sheet_is_for(sheet: dict[str, Any], table: Table) -> None:
    """UserError when the sheet names another heat or table than ``table``'s."""
    heat, number = sheet.get("heat"), sheet.get("table")
    if heat is None or number is None or table.round.kind != RoundKind.HEAT:
        return
    if (str(heat), str(number)) != (str(table.round.number), str(table.number)):
        raise UserError(
            _(
                "This scoresheet is for heat %(heat)s table %(number)s, not "
                "heat %(round)s table %(table)s: attach it there."
            )
            % {
                "heat": heat,
                "number": number,
                "round": table.round.number,  # a heat's (checked above)
                "table": table.number,
            }
        )
