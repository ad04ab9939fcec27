"""Forms for results (crispy-forms, Bootstrap 5)."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms

MAX_UPLOAD_BYTES = 2 * 1024 * 1024


class UploadOrPasteForm(forms.Form):
    """A text document given as an uploaded file or pasted; ``clean`` puts the text
    in ``cleaned_data["content"]``. Subclasses set the labels and the button."""

    file_label = "File"
    text_label = "…or paste it"
    submit_label = "Send"
    text_rows = 8

    file = forms.FileField(required=False)
    text = forms.CharField(required=False)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["file"].label = self.file_label
        self.fields["text"].label = self.text_label
        self.fields["text"].widget = forms.Textarea(
            attrs={"rows": self.text_rows, "class": "font-monospace"}
        )
        self.helper = FormHelper()
        self.helper.form_enctype = "multipart/form-data"
        self.helper.add_input(Submit("send", self.submit_label))

    def clean_file(self) -> str | None:
        upload = self.cleaned_data.get("file")
        if upload is None:
            return None
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError("The file is larger than 2 MB.")
        try:
            return upload.read().decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise forms.ValidationError(
                f"The file is not UTF-8 text (byte {exc.start}); save it as UTF-8."
            ) from exc

    def clean(self) -> dict:
        data = super().clean()
        if data.get("file") and (data.get("text") or "").strip():
            raise forms.ValidationError(
                "Give a file or pasted text, not both: which one should count?"
            )
        content = data.get("file") or data.get("text") or ""
        if not content.strip() and not self.errors:
            raise forms.ValidationError("Choose a file or paste its text.")
        data["content"] = content
        return data


class ResultsImportForm(UploadOrPasteForm):
    """Upload or paste a results CSV (formats.md, Results CSV)."""

    file_label = "Results CSV file"
    text_label = "…or paste the CSV"
    submit_label = "Import results"

    replace = forms.BooleanField(
        required=False,
        label="Replace saved records the file contradicts (GMs only; old values kept)",
    )


class ScoresheetForm(UploadOrPasteForm):
    """Upload or paste one scoresheet (formats.md, Scoresheet JSON)."""

    file_label = "Scoresheet JSON file"
    text_label = "…or paste the JSON"
    submit_label = "Check and attach scoresheet"
    text_rows = 6
