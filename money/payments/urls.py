"""Routes of payments (included by money.urls, namespace "money", under /money/)."""

from django.urls import path

from money.payments import views, webhooks

urlpatterns = [
    path("payments/registrations/<int:pk>/card/", views.pay_by_card, name="pay_by_card"),
    path(
        "payments/registrations/<int:pk>/card/cancelled/",
        views.checkout_cancelled,
        name="checkout_cancelled",
    ),
    path("payments/registrations/<int:pk>/mark-paid/", views.mark_paid, name="mark_paid"),
    path("payments/<int:pk>/refund/", views.refund_payment, name="refund_payment"),
    path("payments/refunds/<int:pk>/send/", views.refund_send_again, name="refund_send_again"),
    # Stripe's webhook: public, trusted only with its signature (money.payments.webhooks).
    path("payments/stripe/webhook/", webhooks.stripe_webhook, name="stripe_webhook"),
]
