// The UIKit and CoreGraphics names the seed articles use, mapped to the library's
// types. This file is the only adaptation the article code gets.
@_exported import Raster
@_exported import RasterViews
@_exported import RasterWorkflow
@_exported import RasterDCFlight

public typealias CGFloat = Double
public typealias CGSize = Size
public typealias CGPoint = Point
public typealias CGRect = Rect
public typealias UIView = ComponentView
public typealias UIButton = DCFButtonView
public typealias UIColor = Color
public typealias UIFont = Font
public typealias UIEdgeInsets = EdgeInsets
