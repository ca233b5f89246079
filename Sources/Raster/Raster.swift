// The library as one import: every layer below, re-exported.
@_exported import RasterCore
@_exported import RasterCodecs
@_exported import RasterText
@_exported import RasterLayout
@_exported import RasterLayers
@_exported import RasterComponents
@_exported import RasterScene
