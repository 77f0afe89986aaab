// The currency types of Courier's API, re-exported so that `import Courier` is enough to write a
// request (`.post`, `.unauthorized`, `HTTPFields`), as Hummingbird does.
@_exported @_documentation(visibility: internal) public import struct HTTPTypes.HTTPField
@_exported @_documentation(visibility: internal) public import struct HTTPTypes.HTTPFields
@_exported @_documentation(visibility: internal) public import struct HTTPTypes.HTTPRequest
@_exported @_documentation(visibility: internal) public import struct HTTPTypes.HTTPResponse
