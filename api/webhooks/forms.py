"""The webhooks pages' forms: the URL is checked against SSRF here (and again at each send)."""

from typing import Any

from django import forms

from api.models import WebhookEndpoint
from api.webhooks import events as ev
from api.webhooks.urls_check import URL_MAX, UrlRefused, check_url
from inputs.bounds import apply_rules


class EndpointEditForm(forms.Form):
    events = forms.MultipleChoiceField(
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Choose at least one event."},
    )
    format = forms.ChoiceField(
        choices=WebhookEndpoint.Format.choices, initial=WebhookEndpoint.Format.JSON
    )

    def __init__(self, *args: Any, kind: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["events"].choices = [(name, ev.LABELS[name]) for name in ev.events_for(kind)]
        apply_rules(self.fields)


class EndpointForm(EndpointEditForm):
    url = forms.CharField(
        label="URL",
        max_length=URL_MAX,
        help_text="https only; the address must be public.",
        widget=forms.URLInput(attrs={"placeholder": "https://example.org/hooks/euchre"}),
    )
    field_order = ["url", "events", "format"]

    def __init__(self, *args: Any, request_host: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request_host = request_host

    def clean_url(self) -> str:
        url = self.cleaned_data["url"].strip()
        try:
            check_url(url, request_host=self.request_host)
        except UrlRefused as refused:
            raise forms.ValidationError(str(refused)) from None
        return url
