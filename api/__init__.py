"""The versioned REST API (/api/v1/), its personal access tokens, outbound webhooks and the
embeds a club puts on its own site: over the same services and permissions as the pages."""
