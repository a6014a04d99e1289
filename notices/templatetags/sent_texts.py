"""`{% texts_page_shown as shown %}`: whether texts are kept in the database, so the account
page links the page that reads them (`notices:texts`)."""

from django import template

from notices.text_selectors import database_texts_in_use

register = template.Library()


@register.simple_tag
def texts_page_shown() -> bool:
    return database_texts_in_use()
