# ruff: noqa: E501  (the frozen templates are kept whole, one per line)
"""The rules findings' templates as they were registered for reading back
(frozen: ``scoring.legacy_text.registry``): every message the rules engine and
the rules checks stored in ``TableCheck.findings`` and
``ScoresheetSubmission.findings`` before findings were stored as data."""

from __future__ import annotations

from scoring.legacy_text.registry import NUMBER, PHRASE, Registry

FINDINGS = Registry(longest_first=True)
"""The findings' templates; a finding's message is read by ``FINDINGS.parse``."""

for _text, _inner, _kinds in (
    ("%(first)s or %(second)s", True, {"first": PHRASE, "second": PHRASE}),
    (
        "rule set %(name)s is for %(least)s-%(most)s players, not %(players)s",
        False,
        {"least": NUMBER, "most": NUMBER, "players": NUMBER},
    ),
    ("unknown rule set %(name)s; known: %(known)s", False, {}),
    (
        "table of %(players)s players: %(error)s",
        False,
        {"players": NUMBER, "error": PHRASE},
    ),
    (
        "money after day %(day)s: the result says %(money)s, but %(why)s",
        False,
        {"day": NUMBER, "money": NUMBER, "why": PHRASE},
    ),
    (
        "final money: the result says %(final)s, the money after day %(day)s is %(last)s; %(why)s",
        False,
        {"final": NUMBER, "day": NUMBER, "last": NUMBER, "why": PHRASE},
    ),
    (
        "time was called on day %(day)s, so the game ended with that day's scoring",
        False,
        {"day": NUMBER},
    ),
    (
        "money after day %(day)s: the result says %(money)s, but money is never negative (no borrowing)",
        False,
        {"day": NUMBER, "money": NUMBER},
    ),
    (
        "gain on %(span)s: the result says +%(gain)s (%(before)s -> %(after)s), but the most a player can earn on %(span)s at a %(players)s-player %(rules)s table is %(bound)s",
        False,
        {
            "span": PHRASE,
            "gain": NUMBER,
            "before": NUMBER,
            "after": NUMBER,
            "players": NUMBER,
            "bound": NUMBER,
        },
    ),
    ("day %(day)s", False, {"day": NUMBER}),
    ("days %(first)s-%(last)s", False, {"first": NUMBER, "last": NUMBER}),
    (
        "table gain on day %(day)s: the result says +%(gain)s in total, but the %(players)s players can earn at most %(bound)s together",
        False,
        {"day": NUMBER, "gain": NUMBER, "players": NUMBER, "bound": NUMBER},
    ),
    (
        "table total after day %(day)s: the result says %(total)s in total, but day %(day)s's scoring pays the %(players)s players at least %(floor)s together (bids are paid before it)",
        False,
        {"day": NUMBER, "total": NUMBER, "players": NUMBER, "floor": NUMBER},
    ),
    ("nobody", False, {}),
    (
        "lot %(lot)s: dealer is %(dealer)s on the sheet, rules give %(names)s (the deal passes left to the next player with space)",
        False,
        {"lot": NUMBER, "names": PHRASE},
    ),
    (
        "lot %(lot)s: sheet logs an auction, but the day had ended: %(reason)s",
        False,
        {"lot": NUMBER, "reason": PHRASE},
    ),
    ("every ship was full", False, {}),
    ("the deck was empty", False, {}),
    ("only %(player)s still had space (last-ship fill)", False, {}),
    (
        "lot %(lot)s: sheet says %(size)s goods, rules allow 1-%(most)s per lot",
        False,
        {"lot": NUMBER, "size": NUMBER, "most": NUMBER},
    ),
    (
        "lot %(lot)s: sheet says a lot of %(size)s, rules allow at most %(most)s (a lot must fit somebody's free space and the deck)",
        False,
        {"lot": NUMBER, "size": NUMBER, "most": NUMBER},
    ),
    ("lot %(lot)s: bids twice, rules allow one bid each", False, {"lot": NUMBER}),
    (
        "lot %(lot)s: %(player)s bids out of turn (bidding runs once around from the dealer's left, dealer last)",
        False,
        {"lot": NUMBER},
    ),
    (
        "lot %(lot)s: sheet shows a bid of %(bid)s on a lot of %(size)s, but only %(free)s free space; a player whose free space is smaller than the lot may not bid",
        False,
        {"lot": NUMBER, "bid": NUMBER, "size": NUMBER, "free": NUMBER},
    ),
    (
        "lot %(lot)s: bid %(bid)s does not beat the high bid %(high)s (a bid must be higher, at least 1)",
        False,
        {"lot": NUMBER, "bid": NUMBER, "high": NUMBER},
    ),
    (
        "lot %(lot)s: bid %(bid)s with only %(money)s florins held (no borrowing)",
        False,
        {"lot": NUMBER, "bid": NUMBER, "money": NUMBER},
    ),
    (
        "lot %(lot)s: sheet says %(said)s won, the bids give %(rule)s (the high bidder wins)",
        False,
        {"lot": NUMBER, "said": PHRASE, "rule": PHRASE},
    ),
    (
        "lot %(lot)s: price on the sheet is %(price)s, the high bid is %(high)s",
        False,
        {"lot": NUMBER, "high": NUMBER},
    ),
    (
        "lot %(lot)s: unsold lot with a price of %(price)s on the sheet (an unsold lot is discarded, nobody pays)",
        False,
        {"lot": NUMBER, "price": NUMBER},
    ),
    (
        "last-ship fill: sheet gives it to %(player)s, rules give %(rule)s (only the one player left with space fills)",
        False,
        {"rule": PHRASE},
    ),
    (
        "last-ship fill: sheet says %(count)s goods, rules give %(expected)s (%(free)s free, %(left)s left in the deck)",
        False,
        {"count": NUMBER, "expected": NUMBER, "free": NUMBER, "left": NUMBER},
    ),
    (
        "no last-ship fill on the sheet, but %(player)s was the only player with space (%(free)s free, %(left)s goods left): the ship fills free from the deck",
        False,
        {"free": NUMBER, "left": NUMBER},
    ),
    (
        "%(drawn)s goods drawn on the sheet, but the day's deck holds %(deck)s",
        False,
        {"drawn": NUMBER, "deck": NUMBER},
    ),
    (
        "the sheet ends the day with %(left)s goods in the deck while %(names)s still had space (and time was not called)",
        False,
        {"left": NUMBER},
    ),
    (
        "rule set: the sheet says %(named)s, the event plays %(used)s; the sheet was checked under %(used)s",
        False,
        {},
    ),
    (
        "sheet has %(days)s day(s), a game has %(game)s unless time is called",
        False,
        {"days": NUMBER, "game": NUMBER},
    ),
    (
        "sheet has %(days)s day(s), but time was called on day %(day)s",
        False,
        {"days": NUMBER, "day": NUMBER},
    ),
    (
        "final money: sheet says %(said)s, the money after day %(day)s is %(money)s (the game ends with that day's scoring)",
        False,
        {"said": NUMBER, "day": NUMBER, "money": NUMBER},
    ),
    (
        "start player: sheet says %(player)s, rules give %(names)s (%(why)s)",
        False,
        {"names": PHRASE, "why": PHRASE},
    ),
    ("day 1 starts with seat 1", False, {}),
    ("the poorest player starts", False, {}),
    (
        "purchases: sheet says %(goods)s for %(paid)s, the auction log gives %(log_goods)s for %(log_paid)s",
        False,
        {"paid": NUMBER, "log_paid": NUMBER},
    ),
    (
        "paid %(paid)s on the sheet; a payment is never negative",
        False,
        {"paid": NUMBER},
    ),
    (
        "paid %(paid)s on the sheet, but held only %(held)s at the start of day %(day)s (no borrowing: payments never exceed the money held)",
        False,
        {"paid": NUMBER, "held": NUMBER, "day": NUMBER},
    ),
    (
        "%(count)s goods loaded on the sheet, but a %(players)s-player day uses %(most)s",
        False,
        {"count": NUMBER, "players": NUMBER, "most": NUMBER},
    ),
    (
        "ship holds %(count)s goods on the sheet (%(goods)s), rules allow at most %(most)s (ship capacity)",
        False,
        {"count": NUMBER, "most": NUMBER},
    ),
    (
        "%(good)s appears %(times)s times on day %(day)s (%(names)s), the deck holds it %(deck)s time(s): no good twice in a day",
        False,
        {"times": NUMBER, "day": NUMBER, "names": PHRASE, "deck": NUMBER},
    ),
    ("discarded lots", False, {}),
    (
        "money after day %(day)s: sheet says %(said)s, rules give %(expected)s (%(before)s before - %(paid)s paid + %(income)s income: ship %(ship)s, market %(market)s, bonus %(bonus)s)",
        False,
        {
            "day": NUMBER,
            "said": NUMBER,
            "expected": NUMBER,
            "before": NUMBER,
            "paid": NUMBER,
            "income": NUMBER,
            "ship": NUMBER,
            "market": NUMBER,
            "bonus": NUMBER,
        },
    ),
    ("cannot check the scores: %(error)s", False, {"error": PHRASE}),
    (
        "scoresheet (level %(level)s): %(message)s",
        False,
        {"level": NUMBER, "message": PHRASE},
    ),
    (
        "the sheet seats %(player)s at %(seat)s; the table has seat %(table_seat)s",
        False,
        {"seat": NUMBER, "table_seat": NUMBER},
    ),
    (
        "the sheet says %(said)s; the recorded result says %(recorded)s",
        False,
        {"said": PHRASE, "recorded": PHRASE},
    ),
    ("a game played out", False, {}),
    ("time called on day %(day)s", False, {"day": NUMBER}),
    ("%(player)s is on the sheet but not seated at this table", False, {}),
    ("%(player)s is seated here but missing from the sheet", False, {}),
    (
        "the sheet says %(said)s florins after day %(day)s; the recorded result says %(recorded)s",
        False,
        {"said": NUMBER, "day": NUMBER, "recorded": NUMBER},
    ),
    (
        "the sheet says %(said)s florins at the end; the recorded result says %(recorded)s",
        False,
        {"said": NUMBER, "recorded": NUMBER},
    ),
):
    FINDINGS.add(_text, _kinds, inner=_inner)
