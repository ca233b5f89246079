// The article's code sees the library under the UIKit names of the alias file.
@_exported import SeedSupport
