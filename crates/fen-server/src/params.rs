//! What a route's query parameters accept, as the handlers declare it and
//! the OpenAPI document shows it: their names, and the words of an option
//! from the library's one table of them.

use fenkit::OptionWord;
use utoipa::{
    IntoParams,
    openapi::{ObjectBuilder, Type, path::ParameterIn},
};

/// The names of the query parameters `P` declares: what a route accepts,
/// so that a parameter the document does not name is refused.
pub(crate) fn names<P: IntoParams>() -> Vec<String> {
    P::into_params(|| Some(ParameterIn::Query))
        .into_iter()
        .map(|parameter| parameter.name)
        .collect()
}

/// The schema of an option whose values are words: the words of the
/// library's table, each with its help, and the other spellings it takes.
pub(crate) fn words<T: OptionWord>() -> utoipa::openapi::Object {
    let said: Vec<String> = T::CHOICES
        .iter()
        .map(|choice| {
            let aliases = match choice.aliases {
                [] => String::new(),
                names => format!(" (also: {})", names.join(", ")),
            };
            format!("{}{aliases}: {}", choice.word, choice.help)
        })
        .collect();
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(T::CHOICES.iter().flat_map(|choice| {
            std::iter::once(choice.word).chain(choice.aliases.iter().copied())
        })))
        .description(Some(said.join("; ")))
        .build()
}

/// `strictness`'s words.
pub(crate) fn strictness() -> utoipa::openapi::Object {
    words::<fenkit::Strictness>()
}

/// `variant`'s words.
pub(crate) fn variant() -> utoipa::openapi::Object {
    words::<fenkit::variants::Variant>()
}
