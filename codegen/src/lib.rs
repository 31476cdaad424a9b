//! Files the product writes into a project: eject edits and, later, the
//! forwarding plugin rendered from `templates/`.
