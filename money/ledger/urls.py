"""Routes of this part (included by money.urls, namespace "money")."""

urlpatterns: list = []
