"""One reading of the caller's address for pages, API, lockout and audit."""

from __future__ import annotations

from django.test import RequestFactory, override_settings

from config.client_address import client_ip


def request(forwarded: str | None = None):
    extra = {"HTTP_X_FORWARDED_FOR": forwarded} if forwarded else {}
    return RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", **extra)


@override_settings(NUM_PROXIES=0)
def test_without_a_proxy_the_forwarded_header_is_ignored():
    assert client_ip(request("1.2.3.4")) == "10.0.0.1"


@override_settings(NUM_PROXIES=1)
def test_behind_one_proxy_the_address_it_saw_counts_not_what_the_client_wrote():
    assert client_ip(request("6.6.6.6, 203.0.113.9")) == "203.0.113.9"
    assert client_ip(request()) == "10.0.0.1"
