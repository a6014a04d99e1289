"""Sign-up and money pages: each part's routes in its own module, one namespace."""

from money.ledger import urls as ledger_urls
from money.payments import urls as payment_urls
from money.registrations import urls as registration_urls
from money.setup import urls as setup_urls

app_name = "money"

urlpatterns = [
    *setup_urls.urlpatterns,
    *registration_urls.urlpatterns,
    *payment_urls.urlpatterns,
    *ledger_urls.urlpatterns,
]
