// The seeded generator is shared by every test target.
@_exported import _TestSupport
