import SVGImport
