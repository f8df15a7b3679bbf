"""web.py: safe page fetches (scheme, private addresses, redirects, size) and metadata."""

from __future__ import annotations

import dataclasses

import httpx
import pytest

from citations.errors import InputError, SourceError
from citations.matching.fields import compare_fields
from citations.model import Field, FieldStatus
from citations.sources.web import check_url, fetch_page, is_public_address, parse_page
from tests.citations._store import ref
from tests.citations.sources._replay import FAST

PAGE = b"""<html><head><title>Blog | Site</title>
<meta name="citation_title" content="Sparse Routing in Tiny Transformers">
<meta name="citation_author" content="Okafor, Lena"><meta name="citation_author" content="Rasmus Lindqvist">
<meta name="citation_publication_date" content="2023/01/04">
<meta property="og:title" content="ignored"></head><body>x</body></html>"""
LOCAL = dataclasses.replace(FAST, allow_private_hosts=True)


def test_parse_page_meta_tags() -> None:
    p = parse_page(PAGE, "http://x/")
    assert p.title == "Sparse Routing in Tiny Transformers" and p.year == 2023
    assert [a.family for a in p.authors] == ["Okafor", "Lindqvist"]
    assert parse_page(b"<title> Only &amp; title </title>").title == "Only & title"
    assert parse_page(b"\xff<<<").title is None


def test_fetch_and_compare_like_a_record(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/post").respond_with_data(PAGE, content_type="text/html")
    page = fetch_page(httpserver.url_for("/post"), LOCAL)
    fields = {
        f.field: f
        for f in compare_fields(
            ref("Sparse routing in tiny transformers", ["Lena Okafor", "Rasmus Lindqvist"], 2023),
            page.record(),
        )
    }
    assert fields[Field.TITLE].status is FieldStatus.MATCH
    assert fields[Field.AUTHORS].status is FieldStatus.MATCH
    assert fields[Field.YEAR].status is FieldStatus.MATCH


def test_loopback_refused_by_default(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/post").respond_with_data(PAGE)
    with pytest.raises(InputError, match="not a public address"):
        fetch_page(httpserver.url_for("/post"), FAST)
    assert len(httpserver.log) == 0


@pytest.mark.parametrize(
    "url", ["file:///etc/passwd", "ftp://example.org/x", "gopher://h/", "http:///x"]
)
def test_only_http_schemes(url: str) -> None:
    with pytest.raises(InputError):
        check_url(url, LOCAL)


@pytest.mark.parametrize(
    "addr,public",
    [
        ("127.0.0.1", False),
        ("10.1.2.3", False),
        ("192.168.0.1", False),
        ("169.254.169.254", False),
        ("::1", False),
        ("fe80::1", False),
        ("::ffff:127.0.0.1", False),
        ("0.0.0.0", False),
        ("224.0.0.1", False),
        ("93.184.216.34", True),
        ("2606:2800:220:1::1", True),
    ],
)
def test_public_address(addr: str, public: bool) -> None:
    assert is_public_address(addr) is public


def test_name_resolving_to_private_is_refused() -> None:
    with pytest.raises(InputError):
        check_url("http://intranet.example/", FAST, resolve=lambda h: ["10.0.0.5"])
    check_url("http://public.example/", FAST, resolve=lambda h: ["93.184.216.34"])


def test_redirect_to_loopback_is_refused(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/secret").respond_with_data("admin")
    target = httpserver.url_for("/secret")
    hops: list[str] = []

    def handler(request: httpx.Request) -> httpx.Response:  # a public host, simulated
        hops.append(str(request.url))
        return httpx.Response(302, headers={"Location": target})

    client = httpx.Client(transport=httpx.MockTransport(handler))
    with pytest.raises(InputError, match="not a public address"):
        fetch_page(
            "http://public.example/go",
            FAST,
            client=client,
            resolve=lambda h: ["93.184.216.34"] if h == "public.example" else ["127.0.0.1"],
        )
    assert hops == ["http://public.example/go"] and len(httpserver.log) == 0


def test_redirects_followed_when_allowed_and_limited(httpserver) -> None:  # type: ignore[no-untyped-def]
    httpserver.expect_request("/a").respond_with_data("", status=301, headers={"Location": "/post"})
    httpserver.expect_request("/post").respond_with_data(PAGE, content_type="text/html")
    httpserver.expect_request("/loop").respond_with_data(
        "", status=302, headers={"Location": "/loop"}
    )
    assert (
        fetch_page(httpserver.url_for("/a"), LOCAL).title == "Sparse Routing in Tiny Transformers"
    )
    with pytest.raises(SourceError, match="redirects"):
        fetch_page(httpserver.url_for("/loop"), LOCAL, max_redirects=2)


def test_size_limit(httpserver) -> None:  # type: ignore[no-untyped-def]
    big = b"<title>Front</title>" + b" " * 5000 + b'<meta name="citation_title" content="Late">'
    httpserver.expect_request("/big").respond_with_data(big, content_type="text/html")
    page = fetch_page(httpserver.url_for("/big"), dataclasses.replace(LOCAL, max_page_bytes=200))
    assert page.title == "Front"


def test_timeout_maps_to_source_error() -> None:
    def boom(request: httpx.Request) -> httpx.Response:
        raise httpx.ConnectTimeout("slow", request=request)

    client = httpx.Client(transport=httpx.MockTransport(boom))
    with pytest.raises(SourceError):
        fetch_page(
            "http://public.example/", FAST, client=client, resolve=lambda h: ["93.184.216.34"]
        )
