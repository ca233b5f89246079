// The article's code sees the library under the UIKit names of the alias file. The
// article calls its protocol `Component`; in this library that name is ComponentFlow's
// UI component, and the article's protocol is `Workflow`, so this module (and only
// this one) spells it the article's way.
@_exported import SeedSupport

public typealias Component = Workflow
