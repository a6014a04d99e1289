"""The POST forms of a rendered page, as a person's browser would see them."""

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class FormField:
    name: str
    kind: str  # text, number, date, hidden, checkbox, radio, select, textarea, file, …
    value: str = ""
    options: list[str] = field(default_factory=list)


@dataclass
class HtmlForm:
    action: str
    fields: dict[str, FormField] = field(default_factory=dict)


class _FormParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[HtmlForm] = []
        self._form: HtmlForm | None = None
        self._select: FormField | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        at = {key: value or "" for key, value in attrs}
        if tag == "form":
            self._form = (
                HtmlForm(action=at.get("action", ""))
                if at.get("method", "").lower() == "post"
                else None
            )
            return
        form, name = self._form, at.get("name", "")
        if form is None or not name or name == "csrfmiddlewaretoken":
            if tag == "option" and self._select is not None:
                self._select.options.append(at.get("value", ""))
            return
        if tag in ("input", "button"):
            kind = at.get("type", "text" if tag == "input" else "submit").lower()
            known = form.fields.get(name)
            if known is not None and kind in ("radio", "submit"):
                known.options.append(at.get("value", ""))
            else:
                form.fields[name] = FormField(
                    name, kind, at.get("value", ""), [at.get("value", "")]
                )
        elif tag == "textarea":
            form.fields[name] = FormField(name, "textarea")
        elif tag == "select":
            self._select = form.fields[name] = FormField(name, "select")

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self._form is not None:
            self.forms.append(self._form)
            self._form = None
        elif tag == "select":
            self._select = None


def post_forms(html: str) -> list[HtmlForm]:
    parser = _FormParser()
    parser.feed(html)
    return parser.forms
