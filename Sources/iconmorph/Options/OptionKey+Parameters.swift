import AlphaRaster
import MorphKernel

/// Which option sets each parameter that the libraries name in their errors, so that a
/// library's complaint reaches the user as a complaint about the option they gave.
extension OptionKey {
    /// The option that sets a parameter of the morph API, or nil for those no option sets
    /// (the command computes them, so an error there is the program's).
    init?(setting parameter: MorphParameter) {
        switch parameter {
        case .maxBlurRadius, .radius: self = .blur
        case .blurLevels: self = .blurLevels
        case .threshold: self = .threshold
        case .softness: self = .softness
        case .targetTint: self = .colorTo
        case .progress: self = .progress
        case .duration: self = .transition
        case .capturedWeight, .time, .fieldValues, .fieldBlurRadius, .fieldTranslucency: return nil
        }
    }

    /// The option that sets an `IconBox` field.
    init(setting field: IconBox.Field) {
        switch field {
        case .width, .height: self = .size
        case .scale: self = .scale
        case .padding: self = .padding
        }
    }
}
