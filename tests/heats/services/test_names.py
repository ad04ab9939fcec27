"""Unicode identity of player names (issue 7, item 6): a name in NFC and the same
name in NFD are one player; invisible characters and no-break spaces make no
second player. Pure part first, then check-in, search, import and the migration."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps
from django.urls import reverse

from heats.core.names import and_list, display_name, name_key
from heats.models import Player
from heats.services.checkin import check_in, parse_name_list
from scoring.services.results_import.write import import_results

ZOE_NFC = "Zo\u00eb"  # ë as one character
ZOE_NFD = "Zoe\u0308"  # e + combining diaeresis: looks the same


def test_nfc_and_nfd_spellings_have_one_key():
    assert name_key(ZOE_NFD) == name_key(ZOE_NFC) == "zo\u00eb"


def test_a_name_typed_in_nfd_is_stored_in_nfc():
    assert display_name(f"  {ZOE_NFD}   Lee ") == "Zo\u00eb Lee"


def test_a_no_break_space_counts_as_a_space():
    assert display_name("Sam\u00a0Lee") == "Sam Lee"
    assert name_key("Sam\u00a0\u00a0Lee") == "sam lee"


def test_invisible_characters_are_dropped():
    # zero-width space, byte order mark, soft hyphen, right-to-left override
    assert display_name("\ufeffSam\u200b Le\u00ade\u202e") == "Sam Lee"
    assert name_key("Sam\u2060 Lee") == "sam lee"


def test_a_zero_width_joiner_is_shown_but_not_part_of_the_key():
    persian = "\u0645\u06cc\u200c\u0631\u0627"  # "Mi-ra" with a non-joiner
    assert display_name(persian) == persian
    assert name_key(persian) == "\u0645\u06cc\u0631\u0627"


def test_the_key_is_composed_again_after_case_folding():
    # U+01F0 (j with caron) case-folds to "j" + U+030C; the key is NFC.
    assert name_key("\u01f0") == "\u01f0"
    assert name_key("J\u030c") == "\u01f0"


def test_full_width_letters_are_not_folded():
    # NFC, not NFKC (heats.core.names says why): "Ｓａｍ" is not "Sam".
    assert name_key("\uff33\uff41\uff4d") != name_key("Sam")


@pytest.mark.django_db
def test_a_player_saved_in_nfd_is_stored_in_nfc(event):
    player = Player.objects.create(event=event, name=f"{ZOE_NFD}\u00a0Lee\u200b")
    player.refresh_from_db()
    assert (player.name, player.name_key) == ("Zo\u00eb Lee", "zo\u00eb lee")


@pytest.mark.django_db
def test_check_in_typed_in_nfd_finds_the_nfc_player(client, gm, event):
    from heats.models import Round, RoundKind

    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    zoe = Player.objects.create(event=event, name=ZOE_NFC)
    client.force_login(gm)
    url = reverse("heats:round-checkin", kwargs={"event": "wbc", "round": "1"})
    response = client.post(url, {"name": ZOE_NFD})
    assert f'name="player" value="{zoe.pk}"' in response.content.decode()
    client.post(url, {"name": ZOE_NFD, "player": zoe.pk})
    assert list(heat.entries.values_list("player", flat=True)) == [zoe.pk]
    assert Player.objects.count() == 1


@pytest.mark.django_db
def test_pasted_nfd_and_nfc_names_are_one_new_player(event):
    from heats.models import Round, RoundKind

    heat = Round.objects.create(event=event, kind=RoundKind.HEAT, number=1)
    rows = parse_name_list(f"{ZOE_NFD} Lee\n{ZOE_NFC} Lee\nZo\u00eb\u00a0Lee")
    report = check_in(heat, rows)
    assert [p.name for p in report.created] == ["Zo\u00eb Lee"]
    assert Player.objects.count() == 1


@pytest.mark.django_db
def test_search_in_nfd_finds_the_nfc_player_and_back(client, gm, event):
    Player.objects.create(event=event, name=ZOE_NFC + " Lee")
    Player.objects.create(event=event, name="Sam\u00a0Quill")
    client.force_login(gm)
    url = reverse("heats:player-search", kwargs={"event": "wbc"})

    def found(query: str) -> list[str]:
        return [p["name"] for p in client.get(url, {"q": query}).json()["players"]]

    assert found(ZOE_NFD) == ["Zo\u00eb Lee"]
    assert found("zo\u00eb") == ["Zo\u00eb Lee"]
    assert found("Sam\u00a0Qu") == ["Sam Quill"]


@pytest.mark.django_db
def test_import_with_nfd_and_nfc_spellings_makes_one_player(event):
    header = "heat,table,seat,player,final\n"
    table = "{heat},1,1,{zoe} Lee,90\n{heat},1,2,Ben,80\n{heat},1,3,Cy,70\n"
    table += "{heat},1,4,Di,60\n"
    text = (
        header + table.format(heat=1, zoe=ZOE_NFD) + table.format(heat=2, zoe=ZOE_NFC)
    )
    import_results(event, text)
    zoe = Player.objects.get(event=event, name_key="zo\u00eb lee")
    assert zoe.name == "Zo\u00eb Lee"
    assert zoe.seats.count() == 2
    assert Player.objects.filter(event=event).count() == 4


def run_migration() -> None:
    """The data step of migration heats 0003, on the current database."""
    migration = importlib.import_module("heats.migrations.0003_nfc_player_names")
    migration.recompute_names(apps, None)


@pytest.mark.django_db
def test_migration_writes_old_nfd_names_in_nfc(event):
    old = Player.objects.create(event=event, name="placeholder")
    Player.objects.filter(pk=old.pk).update(name=ZOE_NFD, name_key="zoe\u0308")
    run_migration()
    old.refresh_from_db()
    assert (old.name, old.name_key) == (ZOE_NFC, "zo\u00eb")


@pytest.mark.django_db
def test_migration_stops_on_two_players_who_become_one_name(event):
    Player.objects.create(event=event, name=ZOE_NFC)
    old = Player.objects.create(event=event, name="placeholder")
    Player.objects.filter(pk=old.pk).update(name=ZOE_NFD, name_key="zoe\u0308")
    with pytest.raises(RuntimeError, match="become one name in NFC"):
        run_migration()
    old.refresh_from_db()
    assert old.name == ZOE_NFD


@pytest.mark.parametrize(
    ("names", "sentence"),
    [
        (["Ann"], "Ann"),
        (["Ann", "Bo"], "Ann and Bo"),
        (["Ann", "Bo", "Cy", "Di"], "Ann, Bo, Cy and Di"),
    ],
)
def test_and_list_joins_names_as_a_sentence(names, sentence):
    assert and_list(names) == sentence
