"""The findings' messages: English as before, each a template with its fields,
stored as data and read back whole (heats.core.message; the edge translates
them: scoring.wording)."""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Iterator

from heats.core.message import Message, dump, load, or_list
from scoring.core.medici.findings import Finding, ScoresheetError
from scoring.core.medici.goods import ALL_GOODS
from scoring.core.medici.limits import check_scores
from scoring.core.medici.replay import DAY_ENDED, ONLY_ONE_SPACE
from scoring.core.medici.verify import verify_sheet
from tests.conftest import REPO

SHEETS = json.loads(
    (REPO / "data" / "demo" / "scoresheets.json").read_text(encoding="utf-8")
)


def templates_in(message: str) -> list[str]:
    """The templates of ``message`` and of every message nested in it."""
    if not isinstance(message, Message):
        return []
    inner = [t for value in message.fields.values() for t in templates_in(value)]
    return sorted([message.template, *inner])


def _lot_slip(rng: random.Random, names: list[str], lot: dict) -> None:
    """One slip in a logged auction: price, winner, dealer, bids or goods."""
    change = rng.randrange(6)
    if change == 0:
        lot["price"] = rng.choice([None, 0, 1, 7, 99])
    elif change == 1:
        lot["winner"] = rng.choice([None, *names])
    elif change == 2:
        lot["dealer"] = rng.choice(names)
    elif change == 3 and lot["bids"]:
        rng.shuffle(lot["bids"])
        lot["bids"].append(list(rng.choice(lot["bids"])))
    elif change == 4 and lot["bids"]:
        rng.choice(lot["bids"])[1] = rng.choice([None, 0, 3, 50, 500])
    else:
        lot["lot"] = [str(g) for g in rng.sample(ALL_GOODS, rng.randint(1, 5))]


def _day_slip(rng: random.Random, names: list[str], day: dict) -> None:
    """One slip in a day: money, the fill, purchases, start player, a lot."""
    lots = day.get("auctions") or []
    change = rng.randrange(6)
    if change == 0:
        day["money"][rng.choice(names)] += rng.choice([-300, -7, 1, 60, 400])
    elif change == 1 and "fill" in day:
        day["fill"] = rng.choice(
            [None, {"player": rng.choice(names), "cards": [str(ALL_GOODS[0])]}]
        )
    elif change == 2 and day.get("purchases"):
        bought = day["purchases"][rng.choice(names)]
        bought["paid"] = rng.choice([-4, 0, 20, 400])
        bought["cards"] += [str(g) for g in rng.sample(ALL_GOODS, 2)]
    elif change == 3:
        day["start_player"] = rng.choice(names)
    elif change == 4 and lots:
        lots.pop(rng.randrange(len(lots)))
    elif lots:
        _lot_slip(rng, names, rng.choice(lots))


def _mutate(rng: random.Random, sheet: dict) -> None:
    names = sheet["players"]
    change = rng.randrange(6)
    if change == 0:
        sheet["final"][rng.choice(names)] += rng.choice([-300, -3, 2, 500])
    elif change == 1:
        sheet["days"].pop()
    elif change == 2:
        sheet["time_called"] = rng.choice([1, 2, 3])
    elif sheet["days"]:
        _day_slip(rng, names, rng.choice(sheet["days"]))


def findings_of_mutated_sheets(seed: int, count: int) -> Iterator[Finding]:
    """Every finding of ``count`` demo sheets with one to three random slips
    each, at every level of detail."""
    rng = random.Random(seed)
    for _ in range(count):
        sheet = copy.deepcopy(rng.choice(SHEETS))
        for _ in range(rng.randint(1, 3)):
            _mutate(rng, sheet)
        if rng.random() < 0.3:
            for day in sheet["days"]:
                day.pop("auctions", None)
                day.pop("fill", None)
                if rng.random() < 0.5:
                    day.pop("purchases", None)
        if rng.random() < 0.1:
            sheet["rules"] = "classic"
        try:
            yield from verify_sheet(sheet, "wbc").findings
        except ScoresheetError:
            continue


def findings_of_random_scores(seed: int, count: int) -> Iterator[Finding]:
    rng = random.Random(seed)
    for _ in range(count):
        players = rng.choice([3, 4, 5, 6, 7])
        rows = [
            (
                f"Player {seat}",
                *(rng.choice([None, -5, 0, 40, 90, 150, 400, 1000]) for _ in range(3)),
            )
            for seat in range(players)
        ]
        called = rng.choice([None, 1, 2, 3])
        yield from check_scores(rng.choice(["wbc", "classic"]), rows, called)


def test_every_finding_is_a_message_stored_as_data_and_read_back_whole():
    seen: set[str] = set()
    findings = [
        *findings_of_mutated_sheets(seed=7, count=600),
        *findings_of_random_scores(seed=7, count=300),
    ]
    for finding in findings:
        message = finding.message
        assert isinstance(message, Message), message
        stored = json.loads(json.dumps(dump(finding.to_dict())))
        back = load(stored)["message"]
        assert isinstance(back, Message) and back == message
        assert dump(back) == dump(message)
        seen.update(templates_in(message))
    # The slips above reach most of the engine's findings.
    assert len(seen) >= 30, sorted(seen)


def test_a_message_is_its_english_text():
    reason = Message(ONLY_ONE_SPACE, player="Ann")
    message = Message(DAY_ENDED, lot=3, reason=reason)
    assert message == (
        "lot 3: sheet logs an auction, but the day had ended: only Ann still had "
        "space (last-ship fill)"
    )
    assert message.template == DAY_ENDED
    assert message.fields == {"lot": 3, "reason": reason}
    assert json.loads(json.dumps({"message": message})) == {"message": message}
    assert Finding(1, "Ann", message).to_dict()["message"] == message
    copied = pickle.loads(pickle.dumps(message))
    assert (copied, copied.template) == (message, DAY_ENDED)


def test_names_joined_by_or_are_fields_kept_whole():
    joined = or_list(["Ann", "Rock or Roll", "Cy"])
    assert joined == "Ann or Rock or Roll or Cy"
    assert or_list(["Ann"]) == "Ann" and or_list([]) == ""
    inner = {
        "code": "%(first)s or %(second)s",
        "fields": {"first": "Ann", "second": "Rock or Roll"},
    }
    assert dump(joined) == {
        "code": "%(first)s or %(second)s",
        "fields": {"first": inner, "second": "Cy"},
    }
