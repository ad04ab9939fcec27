"""Scoresheets: one page per table, the paperwork each table turns in.

Pure module: no Django import; its words go through :mod:`scoring.pdf.words`.
Source: tournament.md, "Recording a table" (money after day 1 and day 2, the final
florins and the place of every player) and "Heats" (time called at the call mark;
paperwork due by the end of the heat), and "Semi-final and final" (what a semi-final
or final sheet decides: the heat's paperwork rule is printed on heat sheets only);
the table's public page is reached from its QR code.
"""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer, Table

from scoring.pdf import fonts
from scoring.pdf.base import PrintDocument, QrCode, grid, para, style, table_label
from scoring.pdf.data import RoundPrint, SeatedTable
from scoring.pdf.words import gettext as _
from scoring.pdf.words import ngettext, pgettext

START = "★"
ROW_PAD = 10
CELL_PAD = 6 * 2 + 1
"""A cell's left and right padding (reportlab's default 6 points each) and a
point to spare: a text of width w stays on one line in a column of w + CELL_PAD."""


class ScoresheetsDocument(PrintDocument):
    """One scoresheet per table of a seated round (:class:`RoundPrint`)."""

    def __init__(self, data: RoundPrint, paper: str = "letter") -> None:
        self.data = data
        # Translators: a printable's title; round is "Heat 2", "Semi-final"...
        self.title = _("%(round)s scoresheets") % {"round": data.round}
        super().__init__(data.event, paper)

    def story(self) -> list[Flowable]:
        flow: list[Flowable] = []
        for table in self.data.tables:
            if flow:
                flow.append(PageBreak())
            flow += self.sheet(table)
        if not flow:
            flow.append(para(_("No tables are seated in this round."), 12))
        return flow

    def sheet(self, table: SeatedTable) -> list[Flowable]:
        """The flowables of one table's sheet; the parts every sheet shares are
        built once and drawn on every page (a third of the time for 200 tables)."""
        if not hasattr(self, "_common"):
            self._common = self._notes()
        return [self._heading(table), Spacer(0, 5 * mm), self._scores(table)] + list(
            self._common
        )

    def _notes(self) -> list[Flowable]:
        return [
            Spacer(0, 4 * mm),
            para(
                _(
                    # Translators: star is the start player's mark (★).
                    "%(star)s starts (seat 1). Write the money each player holds "
                    "after day 1 and day 2 and the final florins; places follow the "
                    "final florins, equal scores share a place. Each player initials "
                    "their own line."
                )
                % {"star": START},
                9,
            ),
            Spacer(0, 5 * mm),
            self._time_called(),
            Spacer(0, 5 * mm),
            self._turn_in(),
        ]

    def _heading(self, table: SeatedTable) -> Table:
        qr = 32 * mm
        count = len(table.players)
        late = f' <font size="12">{fonts.markup(_("late table"))}</font>'
        text = [
            para(self.data.event, 12),
            para(_("%(round)s — scoresheet") % {"round": self.data.round}, 16, True),
            Paragraph(
                f'<font size="40">{fonts.markup(table_label(table.number), True)}'
                "</font>" + (late if table.late else ""),
                style(40, leading=46),
            ),
            para(
                ngettext("%(count)s player", "%(count)s players", count)
                % {"count": count},
                10,
            ),
        ]
        url = table.report_url or table.url
        # Translators: caption under the QR code of the table's public page.
        caption = _("this table's page")
        if table.report_url:
            # Translators: caption under the QR code of the table's report link.
            caption = _("Report your result")
            text.append(para(_("Report your result: %(url)s") % {"url": url}, 8))
        elif url:
            text.append(para(_("This table's page: %(url)s") % {"url": url}, 8))
        code = QrCode(url, qr, caption) if url else ""
        return grid(
            [[text, code]],
            [self.frame_width - qr - 8, qr + 8],
            header=False,
            extra=[
                ("GRID", (0, 0), (-1, -1), 0, None),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ],
        )

    def _scores(self, table: SeatedTable) -> Table:
        # The day columns hold German's "Handelstag 1" (tied by a no-break space)
        # on one line: 60 pt inside the padding at 8 pt bold.
        fixed = [30, 72, 72, 62, 40, 52]
        name = self.frame_width - sum(fixed)
        rows = [
            [
                f"{seat} {START}" if seat == 1 else str(seat),
                para(player, 11, bold=seat == 1),
                "",
                "",
                "",
                "",
                "",
            ]
            for seat, player in enumerate(table.players, start=1)
        ]
        header = [
            _("Seat"),
            _("Player"),
            # Translators: column for the money a player holds after day 1.
            _("After day 1"),
            _("After day 2"),
            # Translators: column for the final florins (the score), not the round.
            pgettext("final florins", "Final"),
            _("Place"),
            # Translators: column where each player writes their initials.
            _("Initials"),
        ]
        return grid(
            [header, *rows],
            [fixed[0], name, *fixed[1:]],
            extra=[
                ("FONT", (0, 0), (-1, 0), fonts.BOLD, 8),
                ("FONT", (0, 1), (0, -1), fonts.BOLD, 11),
                ("ALIGN", (0, 0), (0, -1), "CENTER"),
                ("ALIGN", (2, 0), (-1, 0), "CENTER"),
                # Room to write; a long name wraps and the row grows with it.
                ("TOPPADDING", (0, 1), (-1, -1), ROW_PAD),
                ("BOTTOMPADDING", (0, 1), (-1, -1), ROW_PAD),
            ],
        )

    def _time_called(self) -> Table:
        call = self.data.call_minutes
        box = "☐"
        minutes = {"box": box, "minutes": call}
        # Translators: box is a check box (☐) the GM ticks.
        called = _("%(box)s Time called at %(minutes)s minutes") % minutes
        # Translators: boxes are the three days with check boxes.
        days = _("during day: %(boxes)s") % {"boxes": " 1 ☐   2 ☐   3 ☐"}
        initials = _("GM initials:")
        rows: list[list[str | Paragraph]] = [
            [para(called, 11, bold=True), para(days, 11), para(initials, 11)],
            [
                para(
                    _(
                        "At the %(minutes)s-minute mark all bidding stops, the lot on "
                        "auction goes unsold, and the current day is scored as the "
                        "game's last."
                    )
                    % minutes,
                    8,
                ),
                "",
                "",
            ],
        ]
        third = self.frame_width / 3
        needs = [
            fonts.width(called, 11, bold=True),
            fonts.width(" ".join(days.split()), 11),
            longest_word(initials, 11),
        ]
        return grid(
            rows,
            fitted([third * 1.3, third, third * 0.7], needs),
            header=False,
            extra=[
                ("SPAN", (0, 1), (-1, 1)),
                ("TOPPADDING", (0, 0), (-1, 0), 8),
                ("BOTTOMPADDING", (0, 0), (-1, 0), 8),
            ],
        )

    def turn_in_rule(self) -> str:
        """The round's own turn-in rule: the heat's deadline (seed 001, Time: "no
        one advances from games whose paperwork is not turned in 55 minutes after
        the designated starting time"); the semi-final's "table winners advance
        to the final; no alternates advance to the final under any
        circumstances"; the final's places are the event's laurels
        (tournament.md, Semi-final and final)."""
        if self.data.kind == "semi":
            return _(
                "The winner turns this sheet in to the GM when the game ends. The "
                "table's winner advances to the final; an alternate who wins does "
                "not (no alternate advances to the final)."
            )
        if self.data.kind == "final":
            return _(
                "The winner turns this sheet in to the GM when the game ends: the "
                "final's places are the event's laurels."
            )
        return _(
            "The winner turns this sheet in to the GM within %(minutes)s minutes of "
            "the heat's start: a table without paperwork advances nobody."
        ) % {"minutes": self.data.heat_minutes}

    def _turn_in(self) -> Table:
        text = self.turn_in_rule()
        received, at = _("Received by:"), _("at (time):")
        width = self.frame_width
        return grid(
            [[para(text, 9), para(received, 9), para(at, 9)]],
            fitted(
                [width * 0.6, width * 0.2, width * 0.2],
                [0, longest_word(received, 9), longest_word(at, 9)],
            ),
            header=False,
            extra=[
                ("TOPPADDING", (0, 0), (-1, -1), 6),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 14),
            ],
        )


def longest_word(text: str, size: float) -> float:
    """Width in points of ``text``'s widest word (the whole text when it has no
    space, as a Chinese label) at ``size``: a column narrower breaks a word."""
    return max(fonts.width(word, size) for word in text.split())


def fitted(widths: list[float], needs: list[float]) -> list[float]:
    """Column ``widths`` (points) made at least each column's need (points of
    text that must not wrap, padding not included), the room taken from the
    columns with room to spare in proportion to it; the sum stays the same.
    When the spare room is too little, each short column gets its share."""
    wants = [need + CELL_PAD for need in needs]
    short = sum(max(want - w, 0) for w, want in zip(widths, wants, strict=True))
    spare = [max(w - want, 0) for w, want in zip(widths, wants, strict=True)]
    moved = min(short, sum(spare))
    if not moved:
        return list(widths)
    return [
        w + (want - w) * moved / short if want > w else w - room * moved / sum(spare)
        for w, want, room in zip(widths, wants, spare, strict=True)
    ]


def build(data: RoundPrint, paper: str = "letter") -> bytes:
    """The scoresheets PDF of ``data`` (one page per table) on ``paper``."""
    return ScoresheetsDocument(data, paper).build()
