"""Forms of scoring's pages (crispy-forms, Bootstrap 5): results import and
scoresheet; the GM's tie, semi-final override and no-shows, final fill, player
rename and merge. A new event and its settings are ``scoring.forms.event``'s, the
result entry form ``scoring.forms.result``'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Column, Layout, Row, Submit
from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop, ngettext

from heats.core.errors import UserError
from heats.core.files import check_size, decode_utf8
from heats.core.message import Message
from heats.form_parts import Button, QuickSelect, player_choices
from heats.forms import StorableTextForm
from heats.models import Event, Player, Seat
from heats.translate import translate
from scoring.core.medici.sheet import MAX_SHEET_BYTES
from scoring.core.results_csv import (
    MAX_FILE_BYTES,
    SIZE_ADVICE,
    decode_results,
)
from scoring.core.sizes import WINNERS_PRESENT
from scoring.models import OVERRIDE_REASON_MAX

if TYPE_CHECKING:
    from scoring.queries.no_shows import Candidate

# The subject of a size message (heats.core.files.size_message).
_THE_PASTED_TEXT = gettext_noop("The pasted text")


class UploadOrPasteForm(StorableTextForm):
    """A text document given as an uploaded file or pasted; ``clean`` puts the text
    in ``cleaned_data["content"]``. Subclasses set the labels, the button, the most
    bytes a document may have and how its bytes are decoded.

    The paste box has no ``maxlength``: a browser would cut a long paste short
    without a word, and a cut results file can look whole.
    """

    file_label = gettext_lazy("File")
    text_label = gettext_lazy("…or paste it")
    submit_label = gettext_lazy("Send")
    text_rows = 8
    max_bytes = MAX_FILE_BYTES

    file = forms.FileField(required=False)
    text = forms.CharField(required=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].label = self.file_label
        self.fields["text"].label = self.text_label
        self.fields["text"].widget = forms.Textarea(
            attrs={"rows": self.text_rows, "class": "font-monospace"}
        )
        self.helper = FormHelper()
        self.helper.form_enctype = "multipart/form-data"
        self.helper.add_input(Submit("send", self.submit_label))

    def decode(self, data: bytes) -> str:
        """The text of an uploaded file; UserError when it cannot be read."""
        return decode_utf8(data)

    size_advice = ""

    def clean_file(self) -> str | None:
        upload = self.cleaned_data.get("file")
        if upload is None:
            return None
        try:
            check_size(upload.size, self.max_bytes, advice=self.size_advice)
            return self.decode(upload.read())
        except UserError as exc:
            raise forms.ValidationError(translate(exc.message)) from None

    def clean_text(self) -> str:
        text = self.cleaned_data.get("text") or ""
        try:
            what = Message(_THE_PASTED_TEXT)
            check_size(len(text.encode()), self.max_bytes, what, self.size_advice)
        except UserError as exc:
            raise forms.ValidationError(translate(exc.message)) from None
        return text

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("file") and (data.get("text") or "").strip():
            raise forms.ValidationError(
                _("Give a file or pasted text, not both: which one should count?")
            )
        content = data.get("file") or data.get("text") or ""
        if not content.strip() and not self.errors:
            raise forms.ValidationError(_("Choose a file or paste its text."))
        data["content"] = content
        return data


class ResultsImportForm(UploadOrPasteForm):
    """Upload or paste a results CSV (formats.md, Results CSV)."""

    file_label = gettext_lazy("Results CSV file")
    text_label = gettext_lazy("…or paste the CSV")
    submit_label = gettext_lazy("Import results")
    size_advice = SIZE_ADVICE

    def decode(self, data: bytes) -> str:
        """The text of a results file, as ``import_results`` on the command line
        reads it (``decode_results``)."""
        return decode_results(data)

    replace = forms.BooleanField(
        required=False,
        label=gettext_lazy(
            "Replace saved records the file contradicts (GMs only; old values kept)"
        ),
    )


class ScoresheetForm(UploadOrPasteForm):
    """Upload or paste one scoresheet (formats.md, Scoresheet JSON)."""

    file_label = gettext_lazy("Scoresheet JSON file")
    text_label = gettext_lazy("…or paste the JSON")
    submit_label = gettext_lazy("Check and attach scoresheet")
    text_rows = 6
    max_bytes = MAX_SHEET_BYTES


class TieForm(StorableTextForm):
    """Who wins a tie for first, and why (tournament.md, Recording a table)."""

    winner = forms.TypedChoiceField(
        label=gettext_lazy("Winner"), coerce=int, widget=forms.RadioSelect, choices=()
    )
    reason = forms.CharField(
        label=gettext_lazy("Why (e.g. 'more florins after day 2', 'GM's ruling')"),
        max_length=200,
    )

    def __init__(
        self,
        *args: Any,
        tied: Sequence[Player] = (),
        names: dict[int, str] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        names = names or {}  # id -> name told apart from namesakes
        cast(forms.ChoiceField, self.fields["winner"]).choices = [
            (p.pk, names.get(p.pk, p.name)) for p in tied
        ]
        self.helper = FormHelper()
        self.helper.form_id = "tie-form"
        self.helper.add_input(
            Submit("declare", _("Declare the winner"), css_class="btn-primary btn-lg")
        )


def _size_choice(value: str) -> int | str:
    """A size as the override form posts it: ``WINNERS_PRESENT`` or a number."""
    return value if value == WINNERS_PRESENT else int(value)


class SemiOverrideForm(StorableTextForm):
    """The GM's semi-final size and players added to the list (Advancement, 5).

    ``size`` is None (as recommended), a layout's size or ``WINNERS_PRESENT``
    (the winners present, no alternate called: WBC 2017), with the GM's
    ``reason``; ``clean_added`` returns the names, one a line; the view
    resolves them.
    """

    size = forms.TypedChoiceField(
        label=gettext_lazy("Semi-final size"),
        coerce=_size_choice,
        empty_value=None,
        required=False,
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason (kept in the audit log)"),
        help_text=gettext_lazy(
            "Needed for “the winners present”: the list shows it, since no "
            "alternate is called."
        ),
        max_length=OVERRIDE_REASON_MAX,
        required=False,
    )
    added = forms.CharField(
        label=gettext_lazy("Add to the list (one name or #badge a line)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
    version = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self, *args: Any, sizes: list[int], action: str, **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["size"]).choices = (
            [("", _("as recommended"))]
            + [
                (s, ngettext("%(count)s player", "%(count)s players", s) % {"count": s})
                for s in sizes
            ]
            + [(WINNERS_PRESENT, _("the winners present (no alternate called)"))]
        )
        self.helper = FormHelper()
        self.helper.form_action = action
        self.helper.add_input(
            Button("override", _("Save override"), css_class="btn-secondary")
        )

    def clean_added(self) -> list[str]:
        return [n.strip() for n in self.cleaned_data["added"].splitlines() if n.strip()]


def _seat_choices(
    seats: Sequence[Seat], names: dict[int, str]
) -> list[tuple[int, str]]:
    """The seated players to choose the no-show from: "Table 2 seat 3: Ann Lee"
    (``names``: player id -> name told apart from namesakes)."""
    return [
        (
            s.player_id,
            _("Table %(table)s seat %(seat)s: %(name)s")
            % {
                "table": s.table.number,
                "seat": s.number,
                "name": names.get(s.player_id, s.player.name),
            },
        )
        for s in seats
    ]


def _alternate_choices(
    candidates: Sequence[Candidate], names: dict[int, str]
) -> list[tuple[int | str, str]]:
    """The "Takes the seat" choices: "" for the next present alternate, then
    each candidate in call order (``names`` as ``_seat_choices``)."""
    first = (
        _("The next present alternate (%(name)s)")
        % {"name": names.get(candidates[0].player.pk, candidates[0].player.name)}
        if candidates
        else _("The next present alternate")
    )
    return [("", first)] + [
        (
            c.player.pk,
            # Translators: an alternate in call order: "2. Ann — <reason>".
            _("%(call)s. %(name)s — %(reason)s")
            % {
                "call": c.call,
                "name": names.get(c.player.pk, c.player.name),
                "reason": translate(c.reason),
            },
        )
        for c in candidates
    ]


class NoShowForm(StorableTextForm):
    """Replace a seated semi-final no-show by a present alternate
    (``scoring.services.substitutes.replace_no_show``). ``seats``: the open seats;
    ``candidates``: the present unseated alternates in call order; an empty
    ``alternate`` means the next one. ``remove``: the semi-final is of the
    winners present, so no alternate is called and the seat comes off the
    table (``substitutes.remove_no_show``): no ``alternate`` field."""

    player = forms.TypedChoiceField(label=gettext_lazy("No-show"), coerce=int)
    alternate = forms.TypedChoiceField(
        label=gettext_lazy("Takes the seat"),
        coerce=int,
        required=False,
        empty_value=None,
    )
    version = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        seats: Sequence[Seat] = (),
        candidates: Sequence[Candidate] = (),
        names: dict[int, str] | None = None,
        action: str = "",
        remove: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        # Player id -> name told apart from namesakes (``shown_names``).
        names = names or {}
        cast(forms.ChoiceField, self.fields["player"]).choices = _seat_choices(
            seats, names
        )
        self.helper = FormHelper()
        self.helper.form_action = action
        self.helper.form_id = "no-show-form"
        if remove:
            del self.fields["alternate"]
            self.helper.attrs = {
                "data-confirm": _("Mark this player absent and take the seat away?")
            }
            self.helper.add_input(
                Submit(
                    "remove",
                    _("Take the no-show off the table"),
                    css_class="btn-warning w-100",
                )
            )
            return
        cast(forms.ChoiceField, self.fields["alternate"]).choices = _alternate_choices(
            candidates, names
        )
        self.helper.attrs = {
            "data-confirm": _("Mark this player absent and give the seat away?")
        }
        self.helper.add_input(
            Submit("replace", _("Replace the no-show"), css_class="btn-warning w-100")
        )


class FinalFillForm(StorableTextForm):
    """The GM's decision for a short final
    (``scoring.services.final_seating.decide_final_fill``): ``kind`` is one of
    ``FinalFill.Kind``; ``confirm`` is needed for a final of 3."""

    kind = forms.CharField(widget=forms.HiddenInput)
    confirm = forms.BooleanField(required=False)
    version = forms.CharField(required=False, widget=forms.HiddenInput)


def _offer(
    field: forms.ModelChoiceField[Player], players: Iterable[Player] | None
) -> None:
    """Offer ``players`` (those the Players page lists) in ``field``'s select,
    which still accepts any player of its queryset: an event of 20,000 records
    is not drawn 20,000 times a select. None: the queryset's players."""
    if players is not None:
        field.widget.choices = player_choices(players)
        field.help_text = _("From the players listed below: search to find others.")


class RenamePlayerForm(StorableTextForm):
    """Correct one player's name and badge
    (``scoring.services.players.rename_player``)."""

    tidied = ("name", "badge")

    player = forms.ModelChoiceField(
        Player.objects.none(), label=gettext_lazy("Player"), widget=QuickSelect
    )
    name = forms.CharField(label=gettext_lazy("Correct name"), max_length=120)
    badge = forms.CharField(
        label=gettext_lazy("Badge (empty: unchanged)"), max_length=40, required=False
    )
    next = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        event: Event | None = None,
        action: str = "",
        players: Iterable[Player] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        field = cast("forms.ModelChoiceField[Player]", self.fields["player"])
        field.queryset = Player.objects.filter(event=event)
        _offer(field, players)
        self.fields["next"].initial = action.rsplit("rename/", 1)[0]
        self.helper = FormHelper()
        self.helper.form_action = action
        self.helper.form_id = "rename-form"
        self.helper.layout = Layout(
            Row(Column("player"), Column("name"), Column("badge")), "next"
        )
        self.helper.add_input(Submit("rename", _("Correct the name")))


class MergePlayersForm(StorableTextForm):
    """Two player records that are one person
    (``scoring.services.players.merge_players``)."""

    duplicate = forms.ModelChoiceField(
        Player.objects.none(), label=gettext_lazy("Player record"), widget=QuickSelect
    )
    kept = forms.ModelChoiceField(
        Player.objects.none(),
        label=gettext_lazy("is the same person as"),
        widget=QuickSelect,
    )
    next = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        event: Event | None = None,
        action: str = "",
        players: Iterable[Player] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["next"].initial = action.rsplit("merge/", 1)[0]
        for name in ("duplicate", "kept"):
            field = cast("forms.ModelChoiceField[Player]", self.fields[name])
            field.queryset = Player.objects.filter(event=event)
            _offer(field, players)
        self.helper = FormHelper()
        self.helper.form_action = action
        self.helper.form_id = "merge-form"
        self.helper.attrs = {
            "data-confirm": _(
                "Merge these two records into one player? "
                "The first one's name is removed."
            )
        }
        self.helper.layout = Layout(Row(Column("duplicate"), Column("kept")), "next")
        self.helper.add_input(
            Submit("merge", _("Merge into one player"), css_class="btn-warning")
        )

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        if data.get("kept") and data.get("kept") == data.get("duplicate"):
            raise forms.ValidationError(_("Choose two different players."))
        return data
