"""The claim verifier: a cross-encoder trained here that reads whether an evidence passage
states a claim. (premise, claim) -> P(supported), P(refuted), P(nei)."""
