"""Names, seeds and the GM's words inside stored text are fields, never
translated (issue 30): a rules finding, a list's warnings and reasons and the
final's fill summary naming players "Rock or Roll", "nobody" and "Tie", a die
seed "or" and a GM's reason "or" or "nobody" are stored (TableCheck,
PublishedList, FinalFill), read back and shown in English, German, French and
Chinese: the templates are translated, the fields are as typed. The expected
texts are written by hand from the catalogues (locale/*/LC_MESSAGES)."""

from __future__ import annotations

import pytest
from django.utils import translation

from heats.core.message import Message, dump, or_list
from heats.translate import translate
from scoring.core import reasons
from scoring.core import warnings_text as w
from scoring.core.medici.replay import DAY_ENDED, NOBODY, ONLY_ONE_SPACE, WRONG_DEALER
from scoring.core.reasons import reason
from scoring.models import FinalFill, PublishedList, TableCheck
from scoring.tables import reason_cell
from scoring.templatetags.kiosk_tags import reason as reason_filter
from scoring.wording import translate_finding

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "de", "fr", "zh-hans")

FINDINGS = {
    # Names joined by "or": "or" is the template's, the names are fields.
    "or": (
        Message(
            WRONG_DEALER, lot=4, dealer="Tie", names=or_list(["Rock or Roll", "nobody"])
        ),
        "lot 4: dealer is Tie on the sheet, rules give Rock or Roll or nobody (the "
        "deal passes left to the next player with space)",
        "Los 4: laut Bogen ist Tie die aktive Person, laut Regeln Rock or Roll oder "
        "nobody (die Rolle geht nach links an den nächsten Spieler mit freiem "
        "Laderaum)",
        "lot 4\xa0: selon la feuille, Tie met aux enchères\u202f; selon les règles, "
        "Rock or Roll ou nobody (la mise aux enchères passe au joueur suivant à "
        "gauche qui a encore de la place)",
        "第4组：计分表上的抽出货物者为Tie，按规则应为Rock or Roll或nobody（抽取货物的"
        "轮次向左传给下一位船上仍有空位的玩家）",
    ),
    # A player named "nobody" beside the phrase "nobody" the rules engine writes.
    "nobody": (
        Message(WRONG_DEALER, lot=2, dealer="nobody", names=Message(NOBODY)),
        "lot 2: dealer is nobody on the sheet, rules give nobody (the deal passes "
        "left to the next player with space)",
        "Los 2: laut Bogen ist nobody die aktive Person, laut Regeln niemand (die "
        "Rolle geht nach links an den nächsten Spieler mit freiem Laderaum)",
        "lot 2\xa0: selon la feuille, nobody met aux enchères\u202f; selon les "
        "règles, personne (la mise aux enchères passe au joueur suivant à gauche "
        "qui a encore de la place)",
        "第2组：计分表上的抽出货物者为nobody，按规则应为无人（抽取货物的轮次向左传给"
        "下一位船上仍有空位的玩家）",
    ),
    # A player named "nobody" where the phrase could stand: the name stays.
    "named nobody": (
        Message(WRONG_DEALER, lot=5, dealer="Tie", names=or_list(["nobody"])),
        "lot 5: dealer is Tie on the sheet, rules give nobody (the deal passes "
        "left to the next player with space)",
        "Los 5: laut Bogen ist Tie die aktive Person, laut Regeln nobody (die Rolle "
        "geht nach links an den nächsten Spieler mit freiem Laderaum)",
        "lot 5\xa0: selon la feuille, Tie met aux enchères\u202f; selon les "
        "règles, nobody (la mise aux enchères passe au joueur suivant à gauche qui "
        "a encore de la place)",
        "第5组：计分表上的抽出货物者为Tie，按规则应为nobody（抽取货物的轮次向左传给"
        "下一位船上仍有空位的玩家）",
    ),
    # A name inside a nested message.
    "nested": (
        Message(
            DAY_ENDED, lot=3, reason=Message(ONLY_ONE_SPACE, player="Rock or Roll")
        ),
        "lot 3: sheet logs an auction, but the day had ended: only Rock or Roll "
        "still had space (last-ship fill)",
        "Los 3: Der Bogen verzeichnet eine Auktion, aber der Handelstag war schon "
        "beendet: nur Rock or Roll hatte noch freien Laderaum (Auffüllen des "
        "letzten Schiffs)",
        "lot 3\xa0: la feuille note une mise aux enchères, mais la saison était déjà "
        "terminée\xa0: seul Rock or Roll avait encore de la place (remplissage du "
        "dernier bateau)",
        "第3组：计分表记录了一次拍卖，但当天已经结束：只有Rock or Roll的船还有空位"
        "（末船补货）",
    ),
}

WARNINGS = {
    # Players' names listed whole.
    "names": (
        reason(
            w.TABLE_WARNING,
            heat=1,
            table=3,
            warning=reason(w.TIE_UNRESOLVED, names="Rock or Roll, nobody, Tie"),
        ),
        "heat 1 table 3: tie for first unresolved (Rock or Roll, nobody, Tie): all "
        "count as winners",
        "Vorrunde 1, Tisch 3: Gleichstand auf Platz 1 ungeklärt (Rock or Roll, "
        "nobody, Tie): alle zählen als Sieger",
        "série 1, table 3\xa0: égalité pour la première place non tranchée (Rock or "
        "Roll, nobody, Tie)\xa0: tous comptent comme vainqueurs",
        "第1场预赛第3桌：并列第1名未决（Rock or Roll, nobody, Tie）：均计为胜者",
    ),
    # The die's seed and the names of a list joined item by item.
    "seed": (
        reason(
            w.DIE_DECIDED,
            seed=w.seed_field("or"),
            players=reasons.joined(
                [
                    reason(
                        w.DIE_DECIDED_ITEM,
                        name="Tie",
                        reason=reason(
                            reasons.HMW_RANK_BY,
                            rank=7,
                            level=8,
                            criterion=reasons.HMW_LEVELS[7],
                        ),
                    ),
                    reason(
                        w.DIE_DECIDED_ITEM,
                        name="nobody",
                        reason=reason(reasons.HMW_RANK, rank=8),
                    ),
                ],
                w.COMMA,
            ),
        ),
        "die roll (seed 'or') decided Tie (HMW rank 7 (8: die roll)), nobody (HMW "
        "rank 8)",
        "Würfelwurf (Startwert 'or') entschied: Tie (HMW-Rang 7 (8: Würfelwurf)), "
        "nobody (HMW-Rang 8)",
        "jet de dé (tirage n°\xa0'or') a départagé Tie (rang HMW 7 (8\xa0: jet de "
        "dé)), nobody (rang HMW 8)",
        "掷骰（随机种子'or'）决定了Tie（HMW排名第7（第8级：掷骰））、nobody（HMW排名"
        "第8）",
    ),
    # The GM's own words.
    "gm": (
        reason(reasons.TIE_DECIDED, reason="or"),
        "tie — decided by the GM: or",
        "Gleichstand – von der Spielleitung entschieden: or",
        "égalité — tranchée par l’arbitre\xa0: or",
        "平局——由裁判裁定：or",
    ),
    "gm-nobody": (
        reason(reasons.FINAL_TIE, florins=104, reason="nobody"),
        "final, 104 florins; tie for first decided by the GM: nobody",
        "Finale, 104 Florin; Gleichstand auf Platz 1 von der Spielleitung "
        "entschieden: nobody",
        "finale, 104 florins\xa0; égalité pour la première place tranchée par "
        "l’arbitre\xa0: nobody",
        "决赛，104弗罗林；并列第1名由裁判裁定：nobody",
    ),
}

# The final's fill summary: names and percentages joined by "and".
SUMMARY = (
    reason(
        reasons.FILL_RUNNERS_UP[2],
        count=2,
        added=reasons.and_list(
            [
                reason(
                    reasons.RUNNER_UP_ADDED,
                    name="Rock or Roll",
                    percent=reasons.percent_field(97.5),
                ),
                reason(
                    reasons.RUNNER_UP_ADDED,
                    name="nobody",
                    percent=reasons.percent_field(90),
                ),
            ]
        ),
    ),
    "Final: 2 semi-final winners + Rock or Roll (runner-up, 97.5%) and nobody "
    "(runner-up, 90.0%) added by the GM",
    "Finale: 2 Halbfinalsieger + Rock or Roll (Zweiter, 97,5\xa0%) und nobody "
    "(Zweiter, 90,0\xa0%), von der Spielleitung hinzugefügt",
    "Finale\xa0: 2 vainqueurs de demi-finale + ajout de l’arbitre\xa0: Rock or Roll "
    "(deuxième, 97,5\xa0%) et nobody (deuxième, 90,0\xa0%)",
    "决赛：2名半决赛胜者，另由裁判补入Rock or Roll（第2名，97.5%）、nobody（第2名，"
    "90.0%）",
)


def shown(text: str, expected: tuple[str, ...], render) -> None:
    for language, want in zip(LANGUAGES, expected, strict=True):
        with translation.override(language):
            assert render(text) == want, language


@pytest.mark.parametrize("case", FINDINGS.values(), ids=FINDINGS.keys())
def test_a_stored_finding_keeps_its_names_in_every_language(heat_table, case):
    message, *expected = case
    row = {"day": 1, "player": "Tie", "message": message}
    TableCheck.objects.create(table=heat_table, findings=[row])
    (stored,) = TableCheck.objects.get(table=heat_table).findings
    assert stored["player"] == "Tie"
    shown(stored["message"], tuple(expected), translate_finding)


@pytest.mark.parametrize("case", WARNINGS.values(), ids=WARNINGS.keys())
def test_a_stored_warning_keeps_its_names_in_every_language(event, case):
    message, *expected = case
    PublishedList.objects.create(event=event, data={"warnings": [message]})
    (stored,) = PublishedList.objects.get(event=event).data["warnings"]
    shown(stored, tuple(expected), translate)
    shown(stored, tuple(expected), reason_filter)  # the pages' ``|reason``


def test_the_stored_fill_summary_keeps_its_names_in_every_language(event):
    message, *expected = SUMMARY
    FinalFill.objects.create(event=event, kind="runners-up", summary=message)
    stored = FinalFill.objects.get(event=event).summary
    shown(stored, tuple(expected), translate)


def test_a_form_edits_stored_text_as_message_data(heat_table):
    """The admin's form of a check shows and saves message data, never the
    English (which would lose the names' fields)."""
    message = FINDINGS["or"][0]
    check = TableCheck.objects.create(
        table=heat_table, findings=[{"day": 1, "player": "Tie", "message": message}]
    )
    field = TableCheck._meta.get_field("findings").formfield()
    shown = field.prepare_value(check.findings)
    assert '"code": "%(first)s or %(second)s"' in shown
    assert not field.has_changed(check.findings, shown)
    check.findings = field.clean(shown)
    check.save()
    (row,) = TableCheck.objects.get(pk=check.pk).findings
    assert dump(row["message"]) == dump(message)


def test_a_die_roll_is_marked_from_the_reason_s_templates_never_its_words():
    by_die = reason(
        reasons.HMW_RANK_BY, rank=7, level=8, criterion=reasons.HMW_LEVELS[7]
    )
    assert reason_cell(by_die) == (
        '<span class="die-roll">HMW rank 7 (8: die roll)</span>'
    )
    said = reason(reasons.TIE_DECIDED, reason="die roll")
    assert reason_cell(said) == "tie — decided by the GM: die roll"
    assert reason_cell("die roll") == "die roll"
