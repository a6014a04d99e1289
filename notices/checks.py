"""Deploy check: notices leave the site, so their links must be absolute."""

from django.conf import settings
from django.core.checks import Warning, register


@register("notices", deploy=True)
def check_site_url(app_configs, **kwargs):  # type: ignore[no-untyped-def]
    site_url = getattr(settings, "SITE_URL", "")
    if site_url.startswith(("https://", "http://")):
        return []
    return [
        Warning(
            "SITE_URL is not set, so links in emails and text messages are relative.",
            hint="Set SITE_URL to the site's address, e.g. https://euchre.example.com",
            id="notices.W001",
        )
    ]
