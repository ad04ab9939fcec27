"""Forms for results (crispy-forms, Bootstrap 5)."""

from __future__ import annotations

from crispy_forms.helper import FormHelper
from crispy_forms.layout import Submit
from django import forms

MAX_UPLOAD_BYTES = 2 * 1024 * 1024


class ResultsImportForm(forms.Form):
    """Upload or paste a results CSV (formats.md); ``clean`` returns its text."""

    file = forms.FileField(required=False, label="Results CSV file")
    text = forms.CharField(
        required=False,
        label="…or paste the CSV",
        widget=forms.Textarea(attrs={"rows": 8, "class": "font-monospace"}),
    )
    replace = forms.BooleanField(
        required=False,
        label="Replace saved records the file contradicts (GMs only; old values kept)",
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_enctype = "multipart/form-data"
        self.helper.add_input(Submit("import", "Import results"))

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
                f"The file is not UTF-8 text (byte {exc.start}); save it as UTF-8 CSV."
            ) from exc

    def clean(self) -> dict:
        data = super().clean()
        content = data.get("file") or data.get("text") or ""
        if not content.strip() and not self.errors:
            raise forms.ValidationError("Choose a CSV file or paste its text.")
        data["content"] = content
        return data


class ScoresheetForm(forms.Form):
    """Upload or paste one scoresheet (formats.md, Scoresheet JSON); ``clean``
    returns its text as ``content``."""

    file = forms.FileField(required=False, label="Scoresheet JSON file")
    text = forms.CharField(
        required=False,
        label="…or paste the JSON",
        widget=forms.Textarea(attrs={"rows": 6, "class": "font-monospace"}),
    )

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.helper = FormHelper()
        self.helper.form_enctype = "multipart/form-data"
        self.helper.add_input(Submit("attach", "Check and attach scoresheet"))

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
                f"The file is not UTF-8 text (byte {exc.start})."
            ) from exc

    def clean(self) -> dict:
        data = super().clean()
        content = data.get("file") or data.get("text") or ""
        if not content.strip() and not self.errors:
            raise forms.ValidationError("Choose a scoresheet file or paste its JSON.")
        data["content"] = content
        return data
