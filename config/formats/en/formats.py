"""Django's display formats for English, in the app's one style (wording.dates): a value a
template prints without the `day`, `clock` or `when` filter, a form's initial value shown as
text, or the admin, reads "Tue 8 Dec 2026" and "7:33 PM". Input formats stay Django's."""

DATE_FORMAT = "D j M Y"
SHORT_DATE_FORMAT = "D j M Y"
TIME_FORMAT = "g:i A"
DATETIME_FORMAT = "D j M Y, g:i A"
SHORT_DATETIME_FORMAT = "D j M Y, g:i A"
MONTH_DAY_FORMAT = "D j M"
YEAR_MONTH_FORMAT = "M Y"
