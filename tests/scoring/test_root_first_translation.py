"""The new findings' words in every language (issue 31): a money line naming
its payout row, market places and start money, and the time-called hint. The
expected texts are written by hand from the catalogues (locale/) and the
glossary's words (Handelstag, Warenleiste; saison, grenier; 交易日 terms)."""

from __future__ import annotations

import pytest
from django.utils import translation

from heats.core.message import Message
from heats.translate import translate
from scoring.core.medici.limits import TIME_NOT_TICKED
from scoring.core.medici.money_check import SHIP_PAYOUT, START_MONEY, ordinal

pytestmark = pytest.mark.django_db

PAYOUT = Message(SHIP_PAYOUT, place=ordinal(2), players=5, rules="wbc", amount=20)
START = Message(START_MONEY, amount=30, rules="wbc")
HINT = Message(TIME_NOT_TICKED, day=2)


@pytest.mark.parametrize(
    ("language", "payout", "start", "hint"),
    [
        (
            "en",
            "ship payout for 2nd of 5 under wbc: 20",
            "start money 30 under wbc",
            "every final equals the money after day 2: if time was called on day "
            '2, set "Time called on day" to 2 (the game ended with that day\'s '
            "scoring)",
        ),
        (
            "de",
            "Schiffswertung für den 2. von 5 (Regeln: wbc): 20",
            "Startgeld 30 (Regeln: wbc)",
            "jeder Endstand gleicht den Florin nach Handelstag 2: war an "
            "Handelstag 2 Zeitabbruch, „Zeitabbruch an Handelstag“ auf 2 setzen "
            "(die Partie endete mit der Wertung dieses Handelstags)",
        ),
        (
            "fr",
            "gain du bateau pour le 2e sur 5 (règles wbc)\xa0: 20",
            "argent de départ 30 (règles wbc)",
            "chaque score final égale l’argent après la saison 2\xa0: si le temps "
            "a été écoulé en saison 2, réglez «\xa0Temps écoulé en saison\xa0» sur "
            "2 (la partie s’est terminée avec le décompte de cette saison)",
        ),
        (
            "zh-hans",
            "wbc规则下5人中第2名的商船收益：20",
            "wbc规则下的起始资金30",
            "每个终局都等于第2天结束后的金钱：如果在第2天叫停，请把“叫停于第几天”设为2"
            "（游戏以当天的计分结束）",
        ),
    ],
)
def test_money_lines_and_the_hint_read_in_every_language(language, payout, start, hint):
    with translation.override(language):
        assert translate(PAYOUT) == payout
        assert translate(START) == start
        assert translate(HINT) == hint
