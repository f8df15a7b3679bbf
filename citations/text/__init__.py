"""Text helpers shared by reading and matching: folding, names, punctuation, identifiers.

- :mod:`citations.text.fold`: the comparison forms of reference text (``fold`` keeps the
  layout, ``fold_key`` is a key), markup and LaTeX removal, title words.
- :mod:`citations.text.names`: person names and author lists, name keys.
- :mod:`citations.text.punctuation`: the punctuation that separates a reference's fields.
- :mod:`citations.text.identifiers`: DOIs, arXiv ids and URLs found in text; ``doi_key``
  is the one comparison form of a DOI.

Nothing here imports the reader (citations.parse, citations.crf) or the matcher
(citations.matching); both import from here.
"""
