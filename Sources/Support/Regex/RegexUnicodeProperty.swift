/// A Unicode property a `\p{…}` escape names, as ECMA-262 (with the `u` flag) spells it:
/// a General_Category value (`\p{Lu}`, `\p{Letter}`, `\p{gc=Nd}`, `\p{General_Category=digit}`)
/// or a binary property (`\p{Alphabetic}`, `\p{Alpha}`, `\p{White_Space}`…), answered from the
/// Swift standard library's Unicode data.
///
/// `Script=` / `Script_Extensions=` and the binary properties the standard library does not
/// expose (`Emoji_Component`, `Extended_Pictographic`) are refused when the pattern compiles,
/// with a message that says so, rather than matched wrongly.
indirect enum RegexUnicodeProperty: Sendable {
    /// One or more general categories, as a bit mask of `categoryBit`.
    case generalCategory(UInt64)
    /// A binary property.
    case binary(@Sendable (Unicode.Scalar) -> Bool)
    /// The complement of a class (a negated escape inside a bracketed class, `[\P{L}\d]`).
    case complement(RegexCharacterClass)

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .generalCategory(let mask): return mask & RegexUnicodeProperty.categoryBit(scalar.properties.generalCategory) != 0
        case .binary(let test): return test(scalar)
        case .complement(let set): return set.contains(scalar.value)
        }
    }

    /// The property `\p{text}` names.
    /// - Throws: a reason when the name is not a property ECMA-262 knows, or one this engine
    ///   cannot answer.
    static func named(_ text: String) throws(RegexSyntaxReason) -> RegexUnicodeProperty {
        if let equals = text.firstIndex(of: "=") {
            let name = String(text[..<equals]), value = String(text[text.index(after: equals)...])
            switch name {
            case "General_Category", "gc":
                guard let mask = categories[value] else { throw .unknownProperty(text) }
                return .generalCategory(mask)
            case "Script", "sc", "Script_Extensions", "scx":
                throw .unsupportedProperty(text)
            default:
                throw .unknownProperty(text)
            }
        }
        if let mask = categories[text] { return .generalCategory(mask) }
        if let test = binary[text] { return .binary(test) }
        if unsupportedBinary.contains(text) { throw .unsupportedProperty(text) }
        throw .unknownProperty(text)
    }

    private static let allCategories: [Unicode.GeneralCategory] = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
        .nonspacingMark, .spacingMark, .enclosingMark,
        .decimalNumber, .letterNumber, .otherNumber,
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
        .initialPunctuation, .finalPunctuation, .otherPunctuation,
        .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
        .spaceSeparator, .lineSeparator, .paragraphSeparator,
        .control, .format, .surrogate, .privateUse, .unassigned,
    ]

    static func categoryBit(_ category: Unicode.GeneralCategory) -> UInt64 {
        switch category {
        case .uppercaseLetter: 1 << 0
        case .lowercaseLetter: 1 << 1
        case .titlecaseLetter: 1 << 2
        case .modifierLetter: 1 << 3
        case .otherLetter: 1 << 4
        case .nonspacingMark: 1 << 5
        case .spacingMark: 1 << 6
        case .enclosingMark: 1 << 7
        case .decimalNumber: 1 << 8
        case .letterNumber: 1 << 9
        case .otherNumber: 1 << 10
        case .connectorPunctuation: 1 << 11
        case .dashPunctuation: 1 << 12
        case .openPunctuation: 1 << 13
        case .closePunctuation: 1 << 14
        case .initialPunctuation: 1 << 15
        case .finalPunctuation: 1 << 16
        case .otherPunctuation: 1 << 17
        case .mathSymbol: 1 << 18
        case .currencySymbol: 1 << 19
        case .modifierSymbol: 1 << 20
        case .otherSymbol: 1 << 21
        case .spaceSeparator: 1 << 22
        case .lineSeparator: 1 << 23
        case .paragraphSeparator: 1 << 24
        case .control: 1 << 25
        case .format: 1 << 26
        case .surrogate: 1 << 27
        case .privateUse: 1 << 28
        case .unassigned: 1 << 29
        @unknown default: 1 << 29
        }
    }

    /// General_Category values and their aliases (Unicode's PropertyValueAliases.txt), as masks.
    private static let categories: [String: UInt64] = {
        func mask(_ list: [Unicode.GeneralCategory]) -> UInt64 { list.reduce(0) { $0 | categoryBit($1) } }
        let table: [([String], [Unicode.GeneralCategory])] = [
            (["L", "Letter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter]),
            (["LC", "Cased_Letter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter]),
            (["Lu", "Uppercase_Letter"], [.uppercaseLetter]), (["Ll", "Lowercase_Letter"], [.lowercaseLetter]),
            (["Lt", "Titlecase_Letter"], [.titlecaseLetter]), (["Lm", "Modifier_Letter"], [.modifierLetter]),
            (["Lo", "Other_Letter"], [.otherLetter]),
            (["M", "Mark", "Combining_Mark"], [.nonspacingMark, .spacingMark, .enclosingMark]),
            (["Mn", "Nonspacing_Mark"], [.nonspacingMark]), (["Mc", "Spacing_Mark"], [.spacingMark]),
            (["Me", "Enclosing_Mark"], [.enclosingMark]),
            (["N", "Number"], [.decimalNumber, .letterNumber, .otherNumber]),
            (["Nd", "Decimal_Number", "digit"], [.decimalNumber]), (["Nl", "Letter_Number"], [.letterNumber]),
            (["No", "Other_Number"], [.otherNumber]),
            (["P", "Punctuation", "punct"], [.connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
                                              .initialPunctuation, .finalPunctuation, .otherPunctuation]),
            (["Pc", "Connector_Punctuation"], [.connectorPunctuation]), (["Pd", "Dash_Punctuation"], [.dashPunctuation]),
            (["Ps", "Open_Punctuation"], [.openPunctuation]), (["Pe", "Close_Punctuation"], [.closePunctuation]),
            (["Pi", "Initial_Punctuation"], [.initialPunctuation]), (["Pf", "Final_Punctuation"], [.finalPunctuation]),
            (["Po", "Other_Punctuation"], [.otherPunctuation]),
            (["S", "Symbol"], [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]),
            (["Sm", "Math_Symbol"], [.mathSymbol]), (["Sc", "Currency_Symbol"], [.currencySymbol]),
            (["Sk", "Modifier_Symbol"], [.modifierSymbol]), (["So", "Other_Symbol"], [.otherSymbol]),
            (["Z", "Separator"], [.spaceSeparator, .lineSeparator, .paragraphSeparator]),
            (["Zs", "Space_Separator"], [.spaceSeparator]), (["Zl", "Line_Separator"], [.lineSeparator]),
            (["Zp", "Paragraph_Separator"], [.paragraphSeparator]),
            (["C", "Other"], [.control, .format, .surrogate, .privateUse, .unassigned]),
            (["Cc", "Control", "cntrl"], [.control]), (["Cf", "Format"], [.format]), (["Cs", "Surrogate"], [.surrogate]),
            (["Co", "Private_Use"], [.privateUse]), (["Cn", "Unassigned"], [.unassigned]),
        ]
        var out: [String: UInt64] = [:]
        for (names, list) in table { for name in names { out[name] = mask(list) } }
        return out
    }()

    /// ECMA-262's binary properties (table-binary-unicode-properties) with their aliases.
    private static let binary: [String: @Sendable (Unicode.Scalar) -> Bool] = {
        let table: [([String], @Sendable (Unicode.Scalar) -> Bool)] = [
            (["ASCII"], { $0.value < 0x80 }),
            (["ASCII_Hex_Digit", "AHex"], { $0.properties.isASCIIHexDigit }),
            (["Alphabetic", "Alpha"], { $0.properties.isAlphabetic }),
            (["Any"], { _ in true }),
            (["Assigned"], { $0.properties.generalCategory != .unassigned }),
            (["Bidi_Control", "Bidi_C"], { $0.properties.isBidiControl }),
            (["Bidi_Mirrored", "Bidi_M"], { $0.properties.isBidiMirrored }),
            (["Case_Ignorable", "CI"], { $0.properties.isCaseIgnorable }),
            (["Cased"], { $0.properties.isCased }),
            (["Changes_When_Casefolded", "CWCF"], { $0.properties.changesWhenCaseFolded }),
            (["Changes_When_Casemapped", "CWCM"], { $0.properties.changesWhenCaseMapped }),
            (["Changes_When_Lowercased", "CWL"], { $0.properties.changesWhenLowercased }),
            (["Changes_When_NFKC_Casefolded", "CWKCF"], { $0.properties.changesWhenNFKCCaseFolded }),
            (["Changes_When_Titlecased", "CWT"], { $0.properties.changesWhenTitlecased }),
            (["Changes_When_Uppercased", "CWU"], { $0.properties.changesWhenUppercased }),
            (["Dash"], { $0.properties.isDash }),
            (["Default_Ignorable_Code_Point", "DI"], { $0.properties.isDefaultIgnorableCodePoint }),
            (["Deprecated", "Dep"], { $0.properties.isDeprecated }),
            (["Diacritic", "Dia"], { $0.properties.isDiacritic }),
            (["Emoji"], { $0.properties.isEmoji }),
            (["Emoji_Modifier", "EMod"], { $0.properties.isEmojiModifier }),
            (["Emoji_Modifier_Base", "EBase"], { $0.properties.isEmojiModifierBase }),
            (["Emoji_Presentation", "EPres"], { $0.properties.isEmojiPresentation }),
            (["Extender", "Ext"], { $0.properties.isExtender }),
            (["Grapheme_Base", "Gr_Base"], { $0.properties.isGraphemeBase }),
            (["Grapheme_Extend", "Gr_Ext"], { $0.properties.isGraphemeExtend }),
            (["Hex_Digit", "Hex"], { $0.properties.isHexDigit }),
            (["IDS_Binary_Operator", "IDSB"], { $0.properties.isIDSBinaryOperator }),
            (["IDS_Trinary_Operator", "IDST"], { $0.properties.isIDSTrinaryOperator }),
            (["ID_Continue", "IDC"], { $0.properties.isIDContinue }),
            (["ID_Start", "IDS"], { $0.properties.isIDStart }),
            (["Ideographic", "Ideo"], { $0.properties.isIdeographic }),
            (["Join_Control", "Join_C"], { $0.properties.isJoinControl }),
            (["Logical_Order_Exception", "LOE"], { $0.properties.isLogicalOrderException }),
            (["Lowercase", "Lower"], { $0.properties.isLowercase }),
            (["Math"], { $0.properties.isMath }),
            (["Noncharacter_Code_Point", "NChar"], { $0.properties.isNoncharacterCodePoint }),
            (["Pattern_Syntax", "Pat_Syn"], { $0.properties.isPatternSyntax }),
            (["Pattern_White_Space", "Pat_WS"], { $0.properties.isPatternWhitespace }),
            (["Quotation_Mark", "QMark"], { $0.properties.isQuotationMark }),
            (["Radical"], { $0.properties.isRadical }),
            (["Regional_Indicator", "RI"], { (0x1F1E6...0x1F1FF).contains($0.value) }),
            (["Sentence_Terminal", "STerm"], { $0.properties.isSentenceTerminal }),
            (["Soft_Dotted", "SD"], { $0.properties.isSoftDotted }),
            (["Terminal_Punctuation", "Term"], { $0.properties.isTerminalPunctuation }),
            (["Unified_Ideograph", "UIdeo"], { $0.properties.isUnifiedIdeograph }),
            (["Uppercase", "Upper"], { $0.properties.isUppercase }),
            (["Variation_Selector", "VS"], { $0.properties.isVariationSelector }),
            (["White_Space", "space"], { $0.properties.isWhitespace }),
            (["XID_Continue", "XIDC"], { $0.properties.isXIDContinue }),
            (["XID_Start", "XIDS"], { $0.properties.isXIDStart }),
        ]
        var out: [String: @Sendable (Unicode.Scalar) -> Bool] = [:]
        for (names, test) in table { for name in names { out[name] = test } }
        return out
    }()

    /// Binary properties ECMA-262 has and the standard library does not expose.
    private static let unsupportedBinary: Set<String> = ["Emoji_Component", "EComp", "Extended_Pictographic", "ExtPict"]
}
