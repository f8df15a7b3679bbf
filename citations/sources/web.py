"""Fetch a cited web page safely and read its title and authors like a record's.

    >>> page = fetch_page("https://example.org/post", SourceConfig())
    >>> page.title, page.authors, page.record()

Safety (server-side request forgery): only ``http``/``https``; the host is resolved
and every address must be public (no loopback, private, link-local, multicast,
reserved or unspecified address, IPv4 or IPv6) unless ``allow_private_hosts``; redirects
are followed by hand (at most ``max_redirects``) and every hop is checked the same way;
at most ``config.max_page_bytes`` are read, within ``config.timeout_s`` per request.
Known limit: the address is checked before httpx connects, and httpx resolves the name
again (a DNS-rebinding window remains).

Metadata read (pure, :func:`parse_page`): ``citation_title`` / ``dc.title`` /
``og:title`` / ``<title>``; ``citation_author`` (repeated) / ``dc.creator`` /
``author``; ``citation_publication_date`` / ``article:published_time`` / ``dc.date``
for the year; ``citation_doi``.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import urljoin, urlsplit

import httpx

from citations.errors import InputError, SourceError
from citations.model import Author, Record, Reference, SourceType
from citations.sources._parsing import author_from_name, clean_doi, text, year_of
from citations.sources.config import DEFAULT_SOURCE_CONFIG, SourceConfig
from citations.sources.http import map_httpx_error

Resolver = Callable[[str], list[str]]


@dataclass(frozen=True, slots=True)
class Page:
    """What a page says about itself: final URL, HTTP status, title, authors, year, DOI."""

    url: str
    status: int
    title: str | None
    authors: tuple[Author, ...] = ()
    year: int | None = None
    doi: str | None = None

    def record(self) -> Record:
        """The page as a Record (source "web"), comparable with matching.fields.compare_fields."""
        return Record(
            source="web",
            id=self.url,
            title=self.title or "",
            authors=self.authors,
            year=self.year,
            doi=self.doi,
            url=self.url,
            source_type=SourceType.WEB,
        )


class _Meta(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.meta: dict[str, list[str]] = {}
        self.title: list[str] = []
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k.lower(): (v or "") for k, v in attrs}
        if tag == "meta":
            key = (a.get("name") or a.get("property") or "").lower()
            if key and a.get("content"):
                self.meta.setdefault(key, []).append(a["content"])
        elif tag == "title":
            self._in_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "title":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title:
            self.title.append(data)


def parse_page(body: bytes, url: str = "", status: int = 200, encoding: str = "utf-8") -> Page:
    """Title, authors, year and DOI from an HTML page (module docstring). Never raises."""
    p = _Meta()
    try:
        p.feed(body.decode(encoding or "utf-8", errors="replace"))
        p.close()
    except Exception:  # malformed HTML: keep what was read
        pass
    m = p.meta

    def first(*keys: str) -> str | None:
        for k in keys:
            for v in m.get(k, []):
                t = text(v)
                if t:
                    return t
        return None

    title = first("citation_title", "dc.title", "og:title") or text("".join(p.title))
    names = m.get("citation_author") or m.get("dc.creator") or m.get("author") or []
    authors = tuple(a for a in (author_from_name(n) for n in names) if a is not None)
    year = year_of(
        first("citation_publication_date", "citation_date", "article:published_time", "dc.date")
        or ""
    )
    return Page(
        url=url,
        status=status,
        title=title,
        authors=authors,
        year=year,
        doi=clean_doi(first("citation_doi", "dc.identifier") or ""),
    )


def _resolve(host: str) -> list[str]:
    return [str(info[4][0]) for info in socket.getaddrinfo(host, None)]


def is_public_address(addr: str) -> bool:
    """False for loopback, private, link-local, multicast, reserved and unspecified
    addresses (IPv4-mapped IPv6 unwrapped)."""
    ip = ipaddress.ip_address(addr.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    return not (
        ip.is_private
        or ip.is_loopback
        or ip.is_link_local
        or ip.is_multicast
        or ip.is_reserved
        or ip.is_unspecified
    )


def check_url(
    url: str, config: SourceConfig = DEFAULT_SOURCE_CONFIG, resolve: Resolver = _resolve
) -> None:
    """Raise InputError unless ``url`` is http(s) to a public address (or private hosts
    are allowed). SourceError when the name cannot be resolved."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InputError(f"only http(s) URLs are fetched: {url!r}")
    if config.allow_private_hosts:
        return
    host = parts.hostname
    try:
        addrs = [host] if _is_ip(host) else resolve(host)
    except OSError as exc:
        raise SourceError(f"cannot resolve {host}: {exc}", source="web", url=url) from exc
    bad = [a for a in addrs if not is_public_address(a)]
    if bad or not addrs:
        raise InputError(
            f"refusing to fetch {url!r}: {host} is not a public address "
            f"({', '.join(bad) or 'no address'})"
        )


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        return False


def fetch_page(
    url: str,
    config: SourceConfig = DEFAULT_SOURCE_CONFIG,
    *,
    client: httpx.Client | None = None,
    resolve: Resolver = _resolve,
    max_redirects: int = 5,
) -> Page:
    """GET ``url`` safely (module docstring) and parse it.

    Returns: Page (status 404 etc. kept, title None). Raises: InputError for a URL that
    may not be fetched (scheme, private address, also after a redirect); SourceError for
    timeouts, transport errors, too many redirects.
    """
    own = client is None
    client = client or httpx.Client(timeout=config.timeout_s, follow_redirects=False)
    try:
        for _ in range(max_redirects + 1):
            check_url(url, config, resolve)
            try:
                with client.stream(
                    "GET",
                    url,
                    follow_redirects=False,
                    timeout=config.timeout_s,
                    headers={"User-Agent": config.agent(), "Accept": "text/html,*/*;q=0.5"},
                ) as resp:
                    if resp.is_redirect and resp.headers.get("location"):
                        url = urljoin(url, resp.headers["location"])
                        continue
                    chunks, size = [], 0
                    for chunk in resp.iter_bytes():
                        chunks.append(chunk)
                        size += len(chunk)
                        if size >= config.max_page_bytes:
                            break
                    body = b"".join(chunks)[: config.max_page_bytes]
                    return parse_page(
                        body, str(resp.url), resp.status_code, resp.encoding or "utf-8"
                    )
            except httpx.HTTPError as exc:
                raise map_httpx_error(exc, source="web", url=url) from exc
        raise SourceError(f"more than {max_redirects} redirects", source="web", url=url)
    finally:
        if own:
            client.close()


_SKIP_HOSTS = ("doi.org", "dx.doi.org", "arxiv.org", "www.arxiv.org", "export.arxiv.org")


class WebSource:
    """The cited URL as a :class:`~citations.sources.base.Source`: ``search(reference)``
    fetches ``reference.url`` (fetch_page) and returns the page as one Record (source
    "web"); [] when there is no URL, when it is a doi.org / arxiv.org link (identifier
    lookups cover those) or when the page has no title. A refused URL (private address,
    other scheme) or a page answering 4xx/5xx raises SourceError, so the verdict is
    UNVERIFIED, never FABRICATED (a dead link proves nothing about the work).
    """

    name = "web"
    #: A page that does not match proves nothing about the work: never FABRICATED.
    indexes: frozenset[SourceType] = frozenset()

    def __init__(
        self,
        client: httpx.Client | None = None,
        base_url: str | None = None,
        config: SourceConfig = DEFAULT_SOURCE_CONFIG,
        cache: object = None,
        *,
        resolve: Resolver = _resolve,
    ) -> None:
        self.config = config
        self.client = client
        self.resolve = resolve
        self.requests = 0

    def lookup_doi(self, doi: str) -> Record | None:
        return None

    def lookup_arxiv(self, arxiv_id: str) -> Record | None:
        return None

    def search(self, reference: Reference, limit: int = 10) -> list[Record]:
        url = reference.url
        if not url:
            return []
        if not url.lower().startswith(("http://", "https://")):
            url = "http://" + url
        host = (urlsplit(url).hostname or "").lower()
        if host in _SKIP_HOSTS:
            return []
        self.requests += 1
        try:
            page = fetch_page(url, self.config, client=self.client, resolve=self.resolve)
        except InputError as exc:
            raise SourceError(f"not fetched: {exc}", source=self.name, url=url) from exc
        if page.status >= 400:
            raise SourceError(f"HTTP {page.status}", source=self.name, url=url, status=page.status)
        return [page.record()] if page.title else []


__all__ = ["Page", "WebSource", "check_url", "fetch_page", "is_public_address", "parse_page"]
