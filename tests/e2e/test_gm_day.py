"""Browser test: a GM's whole day on an event made in the app (issue 8, "Done
when"), every GM action through the pages in Chromium.

The first login is made with the ORM (as ``createsuperuser`` would); the test
reads the database only to learn the seating the app drew (as a GM reads the
table cards) and to assert. Every seating is drawn from a seed typed in the
"Seed" field, so the day is the same on every run. Expected values come from
tournament.md and the scores entered here:

- heat 1: 23 check-ins (20 pasted, 3 typed) = 6+6+6+5; table 1 ties for first
  (the tie page suggests the player ahead after day 2), table 2 has a typo
  (1004 for 104) that the public page holds as "being checked";
- heat 2: the 4 heat-1 runners-up and 4 others leave, 15 come back with 11 new
  players (26 = 6+5+5+5+5), 3 more arrive late (under the late-table minimum of
  5) and are added to three tables of 5; an assistant GM enters two tables;
- 37 participants (half cap 18) and 9 distinct heat winners: a semi-final of 16
  (4x4), the other 7 seats go to the best runners-up by % of their table winner
  (exact ratios), the next alternates follow in that order;
- semi-final: qualifiers marked present, the list published and seated; a seated
  heat winner does not show and the first next alternate takes the seat and wins
  the table, so 3 semi-final winners may play the final; the GM adds the best
  runner-up (117 of 120); the final is seated and played; laurels 1-6.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pytest
from django.contrib.auth import get_user_model

from heats.models import Seat
from tests.e2e.conftest import CHROMIUM, close_orm_connection

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing"),
]

SLUG = "gmday"
GM, GM_PASSWORD = "rosa", "rosa-password-1"
ASSISTANT, ASSISTANT_PASSWORD = "teo", "Lorenzo-1469-florins"
PASTED = [f"Player {i:02d}" for i in range(1, 21)]
TYPED = ["Ada Brunelleschi", "Bice Portinari", "Cosimo Vecchio"]
NEW_IN_HEAT_2 = [f"Newcomer {c}" for c in "ABCDEFGHIJK"]
LATE = ["Late Lapo", "Late Lisa", "Late Luca"]
# Runner-up finals against a winner's 120, one per table, all different so the
# alternates' order is never a tie: heat 1 tables 3-4, then heat 2 tables 1-5.
HEAT1_SECONDS = {3: 90, 4: 84}
HEAT2_SECONDS = {1: 114, 2: 108, 3: 102, 4: 96, 5: 78}
FINAL_SCORES = (150, 140, 130, 125)  # in the final's seat order
TIMEOUT = 30_000  # ms: generous, for a machine under load


def log_in(page, url: str, username: str, password: str) -> None:
    page.goto(f"{url}/accounts/login/?next=/")
    page.fill("#id_username", username)
    page.fill("#id_password", password)
    page.click("main button[type=submit]")
    page.wait_for_url(f"{url}/")


def seats_of(round_code: str, table: int) -> list[str]:
    """The names at a table in seat order, as the app seated them."""
    kind = {"semi": "semi", "final": "final"}.get(round_code, "heat")
    seats = Seat.objects.filter(
        round__event__slug=SLUG, round__kind=kind, table__number=table
    )
    if kind == "heat":
        seats = seats.filter(round__number=int(round_code))
    return list(seats.order_by("number").values_list("player__name", flat=True))


def tables_of(round_code: str) -> dict[int, list[str]]:
    kind = {"semi": "semi", "final": "final"}.get(round_code, "heat")
    seats = Seat.objects.filter(round__event__slug=SLUG, round__kind=kind)
    if kind == "heat":
        seats = seats.filter(round__number=int(round_code))
    numbers = sorted(set(seats.values_list("table__number", flat=True)))
    return {n: seats_of(round_code, n) for n in numbers}


def enter_results(page, url, round_code, table, finals, days=None, then="") -> None:
    """Fill a table's result form in seat order (``finals`` by name; ``days``
    maps a name to its (day 1, day 2) florins), save it and wait for the page
    it leads to: the round page, or ``then`` (a path ending)."""
    page.goto(f"{url}/e/{SLUG}/gm/round/{round_code}/table/{table}/results/")
    for seat, name in enumerate(seats_of(round_code, table), start=1):
        day1, day2 = (days or {}).get(name, (None, None))
        if day1 is not None:
            page.fill(f"#id_day1_{seat}", str(day1))
            page.fill(f"#id_day2_{seat}", str(day2))
        page.fill(f"#id_final_{seat}", str(finals[name]))
    page.click("#result-form [type=submit]")
    back = round_code if round_code.isdigit() else None
    then = then or (
        rf"/e/{SLUG}/gm/round/{back}/$" if back else rf"/e/{SLUG}/gm/{round_code}/$"
    )
    page.wait_for_url(re.compile(then))


def ranked_finals(names, top, second_final):
    """``top`` 120, the next in ``names`` ``second_final``, the rest 40, 39..."""
    rest = iter(range(40, 0, -1))
    second = next(n for n in names if n != top)
    return {
        n: 120 if n == top else second_final if n == second else next(rest)
        for n in names
    }, second


def seat(page, seed: str) -> None:
    """Press the page's "Seat" button with a seed, so the day is reproducible."""
    page.click("#seat-form summary")
    page.fill("#seat-form #id_seed", seed)
    page.click("#seat-form [type=submit]")


def check_in_typed(page, name: str, count: int) -> None:
    """Type a new player's name and pick "+ Add" from the type-ahead list;
    wait for the count to reach ``count``."""
    page.wait_for_load_state("load")
    page.type("#id_name", name)
    page.click(f"#checkin-suggestions li:has-text('Add “{name}”')")
    page.wait_for_selector(f"#checked-in-count:text-is('{count}')")


@dataclass
class Day:
    """The GM's browser page, a public page, and what the scores entered make of
    the heats: ``winners`` and ``seconds`` (runner-up -> exact share of their
    table winner's final, tournament.md "Advancement", 3 and 6)."""

    url: str
    browser: Any
    page: Any
    public: Any
    winners: dict[str, tuple[int, int]] = field(default_factory=dict)
    seconds: dict[str, Fraction] = field(default_factory=dict)
    heats: dict[int, dict[int, list[str]]] = field(default_factory=dict)


def create_event_and_assistant(day: Day) -> None:
    page, url = day.page, day.url
    log_in(page, url, GM, GM_PASSWORD)
    page.click("#new-event")
    page.fill("#id_name", "Medici, GM's day")
    page.fill("#id_slug", SLUG)
    page.click("#event-form [type=submit]")
    page.wait_for_url(f"{url}/e/{SLUG}/gm/")
    assert "you are its GM" in page.inner_text("body")
    page.click("#staff-link")
    page.wait_for_url(f"{url}/e/{SLUG}/gm/staff/")
    page.fill("#login-create-form #id_username", ASSISTANT)
    page.fill("#login-create-form #id_password1", ASSISTANT_PASSWORD)
    page.fill("#login-create-form #id_password2", ASSISTANT_PASSWORD)
    page.select_option("#login-create-form #id_role", "assistant")
    page.click("#login-create-form [type=submit]")
    page.wait_for_selector(f"#staff-assistants li:has-text('{ASSISTANT}')")


def open_heat(day: Day, number: int, pasted: list[str], typed: list[str]) -> None:
    """Press "New heat", paste a list, type the rest one by one."""
    page = day.page
    page.goto(f"{day.url}/e/{SLUG}/gm/")
    page.click("#new-heat")
    page.wait_for_url(re.compile(rf"/e/{SLUG}/gm/round/{number}/$"))
    page.click("text=Paste a list")
    page.fill("#id_text", "\n".join(pasted))
    page.click("#paste-form [type=submit]")
    page.wait_for_selector(f"#checked-in-count:text-is('{len(pasted)}')")
    for count, name in enumerate(typed, start=len(pasted) + 1):
        check_in_typed(page, name, count)


def heat_1_tie(day: Day, names: list[str]) -> None:
    """Table 1: a tie for first at 120; seat 1 is ahead after day 2, which the
    tie page suggests; the GM declares them. The other tied player is the
    table's runner-up at 120 of 120, 100%."""
    page = day.page
    ahead, behind = names[0], names[1]
    finals = {ahead: 120, behind: 120} | dict(
        zip(names[2:], (40, 39, 38, 37), strict=True)
    )
    days = {ahead: (30, 80), behind: (35, 70)}
    enter_results(page, day.url, "1", 1, finals, days, then="/table/1/tie/$")
    # Every table has results, but the tie keeps the heat from being complete.
    page.goto(f"{day.url}/e/{SLUG}/gm/round/1/")
    assert page.locator("#results-complete").count() == 0
    blocker = "tie for first unresolved at table 1"
    assert blocker in page.text_content("#not-complete")
    page.goto(f"{day.url}/e/{SLUG}/gm/round/1/table/1/tie/")
    assert ahead in page.inner_text("#tie-suggestion-text")
    page.locator("#tie-form").get_by_label(ahead, exact=True).check()
    page.fill("#id_reason", "more florins after day 2")
    page.click("#tie-form [type=submit]")
    page.wait_for_url(re.compile(rf"/e/{SLUG}/gm/round/1/$"))
    day.winners[ahead] = (1, 1)
    day.seconds[behind] = Fraction(1)


def heat_1_typo(day: Day, names: list[str]) -> None:
    """Table 2: 104 typed as 1004. The level-1 check flags it; the public page
    holds the table as "being checked" until the GM corrects the score."""
    page, public = day.page, day.public
    finals, typo = ranked_finals(names, names[0], 104)
    enter_results(page, day.url, "1", 2, finals | {typo: 1004})
    page.goto(f"{day.url}/e/{SLUG}/gm/round/1/table/2/results/")
    assert typo in page.inner_text("#rules-warnings")
    public.goto(f"{day.url}/e/{SLUG}/")
    assert "Heat 1, table 2: being checked" in public.inner_text(".being-checked")
    listed = public.inner_text("section[aria-labelledby=winners-heading]")
    assert names[0] not in listed and typo not in listed
    enter_results(page, day.url, "1", 2, finals)
    public.reload()
    assert public.locator(".being-checked").count() == 0
    assert names[0] in public.inner_text("section[aria-labelledby=winners-heading]")
    day.winners[names[0]] = (1, 2)
    day.seconds[typo] = Fraction(104, 120)


def heat_1(day: Day) -> None:
    """23 check-ins (20 pasted, 3 typed) = 6+6+6+5; two plain tables, a typo,
    then a tie; results complete once the tie is declared."""
    open_heat(day, 1, PASTED, TYPED)
    page = day.page
    assert page.inner_text("#layout") == "6+6+6+5"
    seat(page, "day-heat-1")
    page.wait_for_selector("#table-cards")
    heat = day.heats[1] = tables_of("1")
    assert [len(t) for t in heat.values()] == [6, 6, 6, 5]
    for number, second_final in HEAT1_SECONDS.items():
        names = heat[number]
        finals, second = ranked_finals(names, names[0], second_final)
        enter_results(page, day.url, "1", number, finals)
        day.winners[names[0]] = (1, number)
        day.seconds[second] = Fraction(second_final, 120)
    heat_1_typo(day, heat[2])
    heat_1_tie(day, heat[1])
    page.goto(f"{day.url}/e/{SLUG}/gm/round/1/")
    page.wait_for_selector("#results-complete")


def late_arrivals(day: Day) -> None:
    """3 late arrivals, under the late-table minimum (5) and under 4, so no
    late table: the GM adds each to a table of 5 without a score."""
    page = day.page
    for count, name in enumerate(LATE, start=27):
        check_in_typed(page, name, count)
    assert page.inner_text("#waiting-count") == "3"
    assert "needs 5 waiting" in page.inner_text("#waiting-heading + p + form")
    assert page.locator("#small-late-form").count() == 0
    # Heat 1: nobody met anybody, so the tables of 5 come by number.
    for name in LATE:
        form = page.locator("form.late-seat", has_text=name)
        form.wait_for()  # the section reloads itself after an in-place check-in
        options = form.locator("select option").all_inner_texts()
        assert options == [
            f"Table {n} (5 players) — 0 repeat opponents" for n in (2, 3, 4, 5)
        ]
    assert page.locator("#results-complete").count() == 0
    for n, name in enumerate(LATE, start=2):
        form = page.locator("form.late-seat", has_text=name)
        form.locator("select").select_option(str(n))
        form.locator("[type=submit]").click()
        page.wait_for_selector(f"#waiting-count:text-is('{3 - (n - 1)}')")
        assert name in page.inner_text(f"#table-{n}")
    assert page.locator("#late-seat-form").count() == 0


def heat_2(day: Day, browser) -> None:
    """The heat-1 runners-up and 4 others leave; 15 come back with 11 new
    players (26 = 6+5+5+5+5) and 3 late ones; the assistant GM enters tables 1
    and 2. Newcomers, then heat-1 players who did not win, take the top places,
    so the 5 heat-2 winners are new winners."""
    heat1 = [n for t in day.heats[1].values() for n in t]
    others = [n for n in heat1 if n not in day.winners and n not in day.seconds]
    leavers = set(day.seconds) | set(others[:4])
    returning = [n for n in heat1 if n not in leavers]
    assert len(returning) == 15
    open_heat(day, 2, returning + NEW_IN_HEAT_2[:6], NEW_IN_HEAT_2[6:])
    page = day.page
    assert page.inner_text("#layout") == "6+5+5+5+5"
    seat(page, "day-heat-2")
    page.wait_for_selector("#table-cards")
    late_arrivals(day)
    heat = day.heats[2] = tables_of("2")
    assert [len(t) for t in heat.values()] == [6, 6, 6, 6, 5]

    helper = browser.new_page(viewport={"width": 390, "height": 844})
    helper.set_default_timeout(TIMEOUT)
    log_in(helper, day.url, ASSISTANT, ASSISTANT_PASSWORD)
    newcomers = set(NEW_IN_HEAT_2) | set(LATE)
    for number, second_final in HEAT2_SECONDS.items():
        names = sorted(
            heat[number], key=lambda n: (n not in newcomers, n in day.winners, n)
        )
        finals, second = ranked_finals(names, names[0], second_final)
        assert names[0] not in day.winners
        enter_results(helper if number <= 2 else page, day.url, "2", number, finals)
        day.winners[names[0]] = (2, number)
        if second not in day.winners:
            day.seconds[second] = Fraction(second_final, 120)
    helper.close()
    page.goto(f"{day.url}/e/{SLUG}/gm/round/2/")
    page.wait_for_selector("#results-complete")


def semi_final_list(day: Day) -> tuple[set[str], list[str]]:
    """37 participants (half cap 18) and 9 winners: 16 seats (4x4); 7 go to
    the best runners-up by share of their winner. Marks the qualifiers and the
    first next alternate present, publishes the list; returns the qualifiers
    and the next alternates in call order."""
    participants = {n for heat in day.heats.values() for t in heat.values() for n in t}
    assert len(participants) == 37 and len(day.winners) == 9
    by_share = sorted(day.seconds, key=lambda n: -day.seconds[n])
    assert len(by_share) >= 8  # no third place is needed
    alternates, next_alternates = by_share[:7], by_share[7:]
    page = day.page
    page.goto(f"{day.url}/e/{SLUG}/gm/semi/")
    assert page.inner_text("#semi-size") == "16"
    rows = page.locator("#semi-list tbody tr[data-kind='qualifier']").all_inner_texts()
    assert [r.split("\t")[1].strip() for r in rows[-7:]] == alternates
    rows = page.locator("#semi-list tr[data-kind='next alternate']").all_inner_texts()
    # Third places may follow the runners-up (Advancement, 3).
    called = [r.split("\t")[1].strip() for r in rows]
    assert called[: len(next_alternates)] == next_alternates
    qualifiers = set(day.winners) | set(alternates)
    # One tick each, one save (issue 17, item 3).
    for name in [*sorted(qualifiers), next_alternates[0]]:
        page.check(f"#semi-list tr:has-text('{name}') >> input.semi-present")
    page.click("#save-presence")
    page.wait_for_selector("text=Semi-final check-in saved")
    for name in [*sorted(qualifiers), next_alternates[0]]:
        assert page.locator(
            f"#semi-list tr:has-text('{name}') >> .badge.text-bg-success"
        ).is_visible()
    page.click("#publish [type=submit]")
    page.wait_for_selector("text=The published list is up to date")
    return qualifiers, next_alternates


def replace_a_no_show(day: Day, semi: dict[int, list[str]], substitute: str) -> int:
    """A seated heat winner at a table with another heat winner does not show;
    the first next alternate, present, takes the seat. Returns the table."""
    page = day.page
    table = next(n for n, t in semi.items() if sum(p in day.winners for p in t) >= 2)
    seat, no_show = next(
        (s, n) for s, n in enumerate(semi[table], 1) if n in day.winners
    )
    assert f"({substitute})" in page.inner_text("#id_alternate")
    page.select_option("#id_player", label=f"Table {table} seat {seat}: {no_show}")
    page.click("#no-show-form [type=submit]")
    page.wait_for_selector(f"text=marked absent; {substitute}")
    seated = tables_of("semi")[table]
    assert substitute in seated and no_show not in seated
    del day.winners[no_show]
    return table


def semi_final(day: Day) -> tuple[list[str], dict[str, Fraction], str]:
    """List, presence, publish, seat, a no-show replaced; results: the
    substitute wins their table, its runner-up (a heat winner) scores 117 of
    120 (97.5%); elsewhere a heat winner wins, runners-up 110, 100, 90 of 120.
    Returns the 3 finalists, the runners-up's shares and the substitute."""
    qualifiers, next_alternates = semi_final_list(day)
    seat(day.page, "day-semi")
    day.page.wait_for_selector("#table-cards")
    semi = tables_of("semi")
    assert sorted(n for t in semi.values() for n in t) == sorted(qualifiers)
    day.public.goto(f"{day.url}/e/{SLUG}/")
    assert all(name in day.public.inner_text("body") for name in qualifiers)
    substitute = next_alternates[0]
    no_show_table = replace_a_no_show(day, semi, substitute)

    shares: dict[str, Fraction] = {}
    finalists = []
    other_seconds = iter((110, 100, 90))
    for number, names in tables_of("semi").items():
        if number == no_show_table:
            top, second_final = substitute, 117
        else:
            top = next(n for n in names if n in day.winners)
            second_final = next(other_seconds)
            finalists.append(top)
        order = [top] + sorted(
            (n for n in names if n != top), key=lambda n: (n not in day.winners, n)
        )
        finals, second = ranked_finals(order, top, second_final)
        enter_results(day.page, day.url, "semi", number, finals)
        shares[second] = Fraction(second_final, 120)
    return finalists, shares, substitute


def final(day: Day, finalists, shares, substitute) -> tuple[list[str], str]:
    """3 finalists: the GM adds the best runner-up (97.5%), seats and plays the
    final (150, 140, 130, 125 in seat order). Returns the final's order and
    the public note."""
    page = day.page
    best = max(shares, key=lambda n: shares[n])
    assert best in day.winners  # entered as a heat winner: may be added
    page.goto(f"{day.url}/e/{SLUG}/gm/final/")
    short = page.inner_text("#short-final")
    assert "Only 3 semi-final winners can play the final" in short
    assert substitute in page.inner_text("#excluded")
    offer = page.inner_text("#fill-runners-up")
    assert best in offer and "97.5% of the winner" in offer
    page.click("#fill-runners-up [type=submit]")
    page.wait_for_selector("#final-fill-note")
    note = f"Final: 3 semi-final winners + {best} (runner-up, 97.5%) added by the GM"
    assert note in page.inner_text("#final-fill-note")
    seat(page, "day-final")
    page.wait_for_selector("#table-cards")
    names = tables_of("final")[1]
    assert sorted(names) == sorted([*finalists, best])
    # The room's kiosk shows the final's table and how its field was made.
    kiosk = day.browser.new_page(viewport={"width": 1920, "height": 1080})
    kiosk.set_default_timeout(TIMEOUT)
    kiosk.goto(f"{day.url}/e/{SLUG}/kiosk/")
    assert note in kiosk.inner_text("#kiosk-final-note")
    assert all(name in kiosk.inner_text("#kiosk-table-1") for name in names)
    kiosk.close()
    enter_results(
        page, day.url, "final", 1, dict(zip(names, FINAL_SCORES, strict=True))
    )
    others = sorted((n for n in shares if n != best), key=lambda n: -shares[n])
    # Laurels 5-6 (tournament.md, Semi-final and final): first the alternate who
    # won a semi-final table (their own win counts 100%), then the best
    # runner-up not at the final.
    return names + [substitute, *others[:1]], note


def laurels(day: Day, browser, expected: list[str], note: str) -> None:
    """Places 1-6 on the laurels page, the public standings and the kiosk."""
    page = day.page
    page.goto(f"{day.url}/e/{SLUG}/gm/laurels/")
    rows = page.locator("#laurels tbody tr").all_inner_texts()
    assert len(rows) == 6
    for place, (row, name) in enumerate(zip(rows, expected, strict=True), start=1):
        assert row.startswith(str(place)) and name in row
    day.public.goto(f"{day.url}/e/{SLUG}/")
    public_rows = day.public.locator(
        "section[aria-labelledby=laurels-heading] tbody tr"
    ).all_inner_texts()
    assert len(public_rows) == 6
    for row, name in zip(public_rows, expected, strict=True):
        assert name in row
    assert note in day.public.inner_text("#final-note")
    kiosk = browser.new_page(viewport={"width": 1920, "height": 1080})
    kiosk.set_default_timeout(TIMEOUT)
    kiosk.goto(f"{day.url}/e/{SLUG}/kiosk/")
    kiosk.wait_for_selector("#kiosk-laurels")
    assert expected[0] in kiosk.inner_text("#kiosk-laurels")
    assert note in kiosk.inner_text("#kiosk-final")


def test_a_gms_whole_day(live_server, browser, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    get_user_model().objects.create_user(GM, password=GM_PASSWORD)
    page = browser.new_page(viewport={"width": 1280, "height": 1000})
    page.set_default_timeout(TIMEOUT)
    page.on("dialog", lambda dialog: dialog.accept())
    public = browser.new_page()
    public.set_default_timeout(TIMEOUT)
    day = Day(live_server.url, browser, page, public)

    create_event_and_assistant(day)
    heat_1(day)
    heat_2(day, browser)
    finalists, shares, substitute = semi_final(day)
    expected, note = final(day, finalists, shares, substitute)
    laurels(day, browser, expected, note)
    close_orm_connection()
