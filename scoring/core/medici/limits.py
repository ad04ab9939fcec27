"""Level-1 checks: what scores alone can show, and the most a day can pay.

Terminology:
- *day bound* (:func:`max_day_income`): an upper bound on one player's income on a
  given day at a given table size; a day's *gain* (money after the day minus money
  before it) can never exceed it, because payments only lower money.
- *table bound* (:func:`max_table_income`): the same for the sum over all players.
- *step budget*: how many market levels markers can have climbed by the end of a
  day: a ship takes ``ship_capacity`` goods a day and each moves its marker one
  step (``"value"`` steps: at most 5 per good); the table loads at most
  ``goods_per_day`` goods (values summing to at most 100 over the commodities).

How the bounds are worked out (rules.md, Scoring a day, 1-4), for day ``d``:
- ship: the 1st-place payout (a tie never pays more than the best place);
- market awards: the 1st-place award on each of the five markets (a tied share is at
  most the mean of the places shared, never above the 1st award);
- level bonuses: the best sum of bonuses over five markers whose levels (each at most
  7) add up to no more than the step budget after ``d`` days; for the table, over
  every player's markers with the table's step budget, capped at the players' sum.
The bound is sound (no legal result exceeds it) but not always reached: e.g. for
``wbc`` with 5 players it is 30 + 50 + 0 = 80 on day 1 (no marker can reach level
6 with five goods), 100 on day 2 (one marker at 7) and 120 on day 3 (two at 7).

The floor (:func:`min_table_income`) runs the other way: every day's scoring pays
the table at least a minimum whatever the players did, and money only leaves in
bids paid before the day is scored, so the players' money after a day adds up to
at least that minimum (an all-zero result is a typo or an unfilled sheet).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from heats.core.i18n import gettext_noop
from heats.core.message import Message, error_text

from .causes import link_causes
from .findings import Finding
from .goods import COMMODITIES
from .rulesets import RuleSet, RuleSetError, TableRules, get_ruleset

ScoreRow = tuple[str, int | None, int | None, int | None]
"""``(player, money after day 1, money after day 2, final money)``, florins; a
``None`` is money not recorded (a final only while a result form is being filled:
the checks that need it wait for it)."""

_DECK_COMMODITY_VALUE = len(COMMODITIES) * 20  # 0+1+2+3+4+5+5 per commodity

# The findings' messages (stored as data: heats.core.message).
TABLE_SIZE = (
    # Translators: "error" says which table sizes the rule set allows.
    gettext_noop("table of %(players)s players: %(error)s")
)
CALLED_LATER_DAY = gettext_noop(
    "money after day %(day)s: the result says %(money)s, but %(why)s"
)
CALLED_FINAL = gettext_noop(
    "final money: the result says %(final)s, the money after day %(day)s is "
    "%(last)s; %(why)s"
)
TIME_WAS_CALLED = gettext_noop(
    "time was called on day %(day)s, so the game ended with that day's scoring"
)
NEGATIVE_MONEY = gettext_noop(
    "money after day %(day)s: the result says %(money)s, but money is never "
    "negative (no borrowing)"
)
GAIN_TOO_LARGE = (
    # Translators: "span" is "day 2" or "days 1-2"; "rules" a rule set's name.
    gettext_noop(
        "gain on %(span)s: the result says +%(gain)s (%(before)s -> %(after)s), "
        "but the most a player can earn on %(span)s at a %(players)s-player "
        "%(rules)s table is %(bound)s"
    )
)
ONE_DAY = gettext_noop("day %(day)s")
SEVERAL_DAYS = gettext_noop("days %(first)s-%(last)s")
TABLE_GAIN_TOO_LARGE = gettext_noop(
    "table gain on day %(day)s: the result says +%(gain)s in total, but the "
    "%(players)s players can earn at most %(bound)s together"
)
TIME_NOT_TICKED = gettext_noop(
    "every final equals the money after day %(day)s: if time was called on day "
    '%(day)s, set "Time called on day" to %(day)s (the game ended with that '
    "day's scoring)"
)
TABLE_TOTAL_TOO_SMALL = gettext_noop(
    "table total after day %(day)s: the result says %(total)s in total, but "
    "day %(day)s's scoring pays the %(players)s players at least %(floor)s "
    "together (bids are paid before it)"
)


def _steps_per_good(table: TableRules) -> int:
    return 5 if table.market_steps == "value" else 1


@cache
def best_bonus(bonuses: tuple[int, ...], markers: int, budget: int) -> int:
    """Most florins of level bonuses ``markers`` markers can earn together when their
    levels (each 0..``len(bonuses) - 1``) add up to at most ``budget``.

    ``bonuses[level]`` is the bonus for a marker on ``level``. rules.md, Scoring, 4.
    """
    best = [0] * (budget + 1)
    for _ in range(markers):
        best = [
            max(
                best[spent - level] + bonuses[level]
                for level in range(min(spent, len(bonuses) - 1) + 1)
            )
            for spent in range(budget + 1)
        ]
    return best[budget]


def max_day_income(table: TableRules, day: int) -> int:
    """Upper bound on one player's income (florins) on ``day`` (1-based) at this
    table: 1st ship payout + five 1st market awards + the best level bonuses within
    the step budget. See the module docstring. rules.md, Scoring a day."""
    markets = len(COMMODITIES)
    budget = min(day * table.ship_capacity * _steps_per_good(table), markets * 7)
    bonus = best_bonus(table.level_bonuses, markets, budget)
    return table.ship_payouts[0] + markets * table.market_awards[0] + bonus


def max_table_income(table: TableRules, day: int) -> int:
    """Upper bound on the income of all players together on ``day`` (florins): all
    ship payouts, all market awards, and the best bonuses over every marker within
    the table's step budget. rules.md, Scoring a day."""
    markets = len(COMMODITIES)
    if table.market_steps == "value":
        per_day = min(_DECK_COMMODITY_VALUE, 5 * table.players * table.ship_capacity)
    else:
        per_day = min(table.goods_per_day, table.players * table.ship_capacity)
    budget = min(day * per_day, table.players * markets * 7)
    bonus = best_bonus(table.level_bonuses, table.players * markets, budget)
    each = (
        max_day_income(table, day)
        - table.ship_payouts[0]
        - markets * table.market_awards[0]
    )
    bonus = min(bonus, table.players * each)
    return sum(table.ship_payouts) + markets * sum(table.market_awards) + bonus


def least_split_total(amounts: Sequence[int], players: int) -> int:
    """Fewest florins ``amounts`` (1st place first; missing places pay 0) can pay
    ``players`` players in total under the tie split, over every way they can tie.

    Ties group the places into consecutive runs; a run of ``k`` places summing to
    ``s`` pays ``k * (s // k)``, losing ``s % k`` to the rounding down. The least
    total is found over all runs by a shortest path over place boundaries
    (``least[j]``: the least the first ``j`` places can be paid).
    Example: ``(30, 20, 10, 5, 0)`` and 5 players give 62 (one alone on top, four
    tied sharing 35 as 8 each). rules.md, Scoring a day, 1 and 3.
    """
    paid = [*amounts, *([0] * players)][:players]
    least = [0] + [sum(paid)] * players
    for end in range(1, players + 1):
        least[end] = min(
            least[start] + (end - start) * (sum(paid[start:end]) // (end - start))
            for start in range(end)
        )
    return least[players]


def min_table_income(table: TableRules, day: int) -> int:
    """Lower bound on the income of all players together on ``day`` (1-based),
    florins: the least ship payouts, ``5 x`` the least market awards, and every
    marker on the cheapest level it can stand on by then.

    Derivation (rules.md, Scoring a day, 1-4; A trading day, 5 and 9):
    - ship: every place's payout is paid, ties split and rounded down
      (:func:`least_split_total` over every way the ships can tie);
    - market awards: every player takes part on every market, level 0 included,
      so each market pays the 1st and 2nd awards with the same split: for
      ``10, 5`` at 4-6 players the least is 12 (four tied on top share 15 as 3);
    - level bonuses: each of the ``5 x players`` markers gets at least the
      smallest bonus of a level it can reach by the end of ``day`` (0 for every
      preset: level 0 pays nothing).
    Each part is minimised on its own, so the sum is a *proven lower bound*, not
    always reached. It is exact when the all-tied splits are the cheapest: a day
    on which every lot goes unsold leaves all ships empty and all markers at 0,
    paying e.g. ``wbc`` 4 players 60 + 5 x 12 = 120 and 6 players 72 + 60 = 132.
    With 5 players the bound is 62 + 60 = 122 against 65 + 75 = 140 for that day.
    A time-called day is scored in full, so the bound holds for it too.
    Raises ``ValueError`` for a day before day 1.
    """
    if day < 1:
        raise ValueError(f"day {day}: days count from 1")
    markets = len(COMMODITIES)
    reach = min(day * table.ship_capacity * _steps_per_good(table), table.max_level)
    cheapest = min(table.level_bonuses[: reach + 1])
    return (
        least_split_total(table.ship_payouts, table.players)
        + markets * least_split_total(table.market_awards, table.players)
        + table.players * markets * cheapest
    )


def check_scores(
    rules: str | RuleSet, scores: Sequence[ScoreRow], time_called: int | None = None
) -> list[Finding]:
    """:func:`score_checks` with each finding linked to the finding it follows
    from (``causes.link_causes``): the checks of a table's recorded scores."""
    return link_causes(score_checks(rules, scores, time_called))


def score_checks(
    rules: str | RuleSet, scores: Sequence[ScoreRow], time_called: int | None = None
) -> list[Finding]:
    """Level-1 checks of one table's result: ``scores`` holds ``(player, day1, day2,
    final)`` per seat in seat order (money may be ``None`` when not recorded: a
    final only while a form is being filled, every check needing it then waits).

    Reports every money below 0, every day's gain above :func:`max_day_income` for
    the table size (gains over unrecorded days are summed against the summed bounds),
    every day on which the table's total gain exceeds :func:`max_table_income`, and
    every day whose money, recorded for every player, adds up to less than
    :func:`min_table_income` (every final 0, say).
    ``time_called`` is the day (1 to the rule set's days) on which time was called:
    the game ended with that day's scoring (rules.md, A trading day, 9), so the
    final is the money after that day, held to that many days' bounds; money
    recorded after a later day, or a final unlike the money after the called day,
    is a finding. Missing later days are what a time-called game has, not a finding.
    A game not marked time-called, with no other finding, whose every final
    equals the money after day 1 or 2 gets a hint (``time-called``, blocking
    nothing): time was likely called then and not marked.
    Raises :class:`~scoring.core.medici.rulesets.RuleSetError` for an unknown rule set
    and ``ValueError`` for a ``time_called`` outside the game's days; a table size
    the rule set does not allow is a finding.
    Source: rules.md, Verifying a submitted scoresheet, 1.
    """
    ruleset = get_ruleset(rules)
    if time_called is not None and not 1 <= time_called <= ruleset.days:
        raise ValueError(
            f"time called on day {time_called}: a game has {ruleset.days} days"
        )
    try:
        table = ruleset.for_table(len(scores))
    except RuleSetError as error:
        message = Message(TABLE_SIZE, players=len(scores), error=error_text(error))
        return [Finding(None, None, message, "table-size")]
    findings: list[Finding] = []
    played = []
    for name, *money in scores:
        if time_called is not None:
            findings += _called(name, money, time_called)
            money = [*money[: time_called - 1], money[-1]]
        played.append(money)
        findings += _negative(name, money)
        findings += _player_gains(table, name, money)
    findings += _table_gains(table, played)
    findings += _table_floor(table, played)
    if time_called is None and not findings:
        findings += _time_not_ticked(played)
    return sorted(findings, key=lambda f: (f.day or 0, f.rule != "no-borrowing"))


def _called(name: str, money: list[int | None], day: int) -> list[Finding]:
    """Findings on money recorded against a game time-called on ``day``:
    ``money`` is ``[day1, day2, final]``."""
    *days, final = money
    why = Message(TIME_WAS_CALLED, day=day)
    findings = [
        Finding(
            later,
            name,
            Message(CALLED_LATER_DAY, day=later, money=florins, why=why),
            "time-called",
        )
        for later, florins in enumerate(days, start=1)
        if later > day and florins is not None
    ]
    last = days[day - 1] if day <= len(days) else None
    if last is not None and final is not None and last != final:
        findings.append(
            Finding(
                day,
                name,
                Message(CALLED_FINAL, final=final, day=day, last=last, why=why),
                "time-called",
            )
        )
    return findings


def _negative(name: str, money: list[int | None]) -> list[Finding]:
    return [
        Finding(
            day, name, Message(NEGATIVE_MONEY, day=day, money=florins), "no-borrowing"
        )
        for day, florins in enumerate(money, start=1)
        if florins is not None and florins < 0
    ]


def _player_gains(
    table: TableRules, name: str, money: list[int | None]
) -> list[Finding]:
    findings = []
    before, days = table.starting_money, []
    for day, after in enumerate(money, start=1):
        days.append(day)
        if after is None:
            continue
        bound = sum(max_day_income(table, d) for d in days)
        gain = after - before
        if gain > bound:
            span = (
                Message(ONE_DAY, day=day)
                if len(days) == 1
                else Message(SEVERAL_DAYS, first=days[0], last=day)
            )
            findings.append(
                Finding(
                    day,
                    name,
                    Message(
                        GAIN_TOO_LARGE,
                        span=span,
                        gain=gain,
                        before=before,
                        after=after,
                        players=table.players,
                        rules=table.name,
                        bound=bound,
                    ),
                    "day-bound",
                )
            )
        before, days = after, []
    return findings


def _table_gains(table: TableRules, money: list[list[int | None]]) -> list[Finding]:
    findings: list[Finding] = []
    before = [table.starting_money] * len(money)
    for day in range(1, len(money[0]) + 1):
        after = [florins for row in money if (florins := row[day - 1]) is not None]
        if len(after) < len(money):
            return findings  # gains over several days are bounded per player only
        gain = sum(after) - sum(before)
        bound = max_table_income(table, day)
        if gain > bound:
            findings.append(
                Finding(
                    day,
                    None,
                    Message(
                        TABLE_GAIN_TOO_LARGE,
                        day=day,
                        gain=gain,
                        players=table.players,
                        bound=bound,
                    ),
                    "table-bound",
                )
            )
        before = after
    return findings


def _table_floor(table: TableRules, money: list[list[int | None]]) -> list[Finding]:
    """A finding per day (``money[p][day - 1]``, recorded for every player) whose
    sum is below what that day's scoring pays the table at the least."""
    findings = []
    for day in range(1, len(money[0]) + 1):
        after = [row[day - 1] for row in money]
        floor = min_table_income(table, day)
        total = sum(florins for florins in after if florins is not None)
        if None not in after and total < floor:
            findings.append(
                Finding(
                    day,
                    None,
                    Message(
                        TABLE_TOTAL_TOO_SMALL,
                        day=day,
                        total=total,
                        players=table.players,
                        floor=floor,
                    ),
                    "table-floor",
                )
            )
    return findings


def _time_not_ticked(money: list[list[int | None]]) -> list[Finding]:
    """The hint on a game played out whose every final equals the money after
    its last recorded day before the final (``money[p]``: day 1, day 2, final):
    time was likely called that day and not marked (rules.md, A trading day, 9).
    """
    for day in (2, 1):
        after = [row[day - 1] for row in money]
        finals = [row[-1] for row in money]
        if None in after or None in finals:
            continue
        if after == finals:
            message = Message(TIME_NOT_TICKED, day=day)
            return [Finding(None, None, message, "time-called", hint=True)]
        return []
    return []
