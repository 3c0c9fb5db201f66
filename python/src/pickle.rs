//! Pickling: a member of an enum class that PyO3 makes (`Symmetry`; `Color` is a Python
//! `IntEnum`, which pickles itself) is rebuilt as `getattr(Class, "NAME")`, so it
//! unpickles as the same member; an object of a class of plain fields (`SearchInfo`, `SearchResult`, `Solution`) by calling
//! its class with its fields ([`record_class`]).

use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};
use pyo3::PyClass;

/// How pickle rebuilds an enum member: `getattr(Class, "NAME")`.
pub type EnumReduction<'py> = (Bound<'py, PyAny>, (Bound<'py, PyType>, String));

/// Pickles a member of a Python enum class made by PyO3 as `getattr(Class, "NAME")`.
pub fn enum_reduce<'py, T: PyClass>(member: &Bound<'py, T>) -> PyResult<EnumReduction<'py>> {
    let py = member.py();
    let repr = member.as_any().repr()?.to_cow()?.into_owned();
    let name = repr.rsplit('.').next().unwrap_or(&repr).to_string();
    let getattr = py.import("builtins")?.getattr("getattr")?;
    Ok((getattr, (member.as_any().get_type(), name)))
}

/// A frozen class of plain fields, pickled by its constructor: the struct as written,
/// then its `#[pymethods]`: `new` taking every field in order, `__reduce__` calling
/// the class with the fields again (so that an object comes back from a worker
/// process), `__eq__` comparing the fields (so that the copy equals the original; no
/// hash, as the fields hold lists), and the methods written after the struct. Not for a class with PyO3's
/// `eq` option: its generated comparison does not compile behind the macro (hygiene),
/// so `Outcome` keeps its own `new` and `__reduce__`.
macro_rules! record_class {
    (
        $(#[$attr:meta])*
        pub struct $class:ident {
            $(pub $field:ident: $type:ty,)+
        }
        $($methods:tt)*
    ) => {
        $(#[$attr])*
        pub struct $class {
            $(pub $field: $type,)+
        }

        #[pyo3::pymethods]
        impl $class {
            #[new]
            #[allow(clippy::too_many_arguments)]
            fn new($($field: $type),+) -> $class {
                $class { $($field),+ }
            }

            /// Pickled field by field, so that it comes back from a worker process.
            fn __reduce__<'py>(
                slf: &pyo3::Bound<'py, Self>,
            ) -> pyo3::PyResult<$crate::pickle::NewReduction<'py>> {
                let this = slf.get();
                let fields = ($(this.$field.clone(),)+);
                let fields = pyo3::IntoPyObject::into_pyobject(fields, slf.py())?;
                Ok((slf.get_type(), fields))
            }

            /// Equal to an object of the same class with equal fields (a pickled copy).
            fn __eq__(
                slf: &pyo3::Bound<'_, Self>,
                other: &pyo3::Bound<'_, pyo3::PyAny>,
            ) -> pyo3::PyResult<bool> {
                use pyo3::types::PyAnyMethods;
                let Ok(other) = other.cast::<Self>() else {
                    return Ok(false);
                };
                let fields = |this: &Self| {
                    pyo3::IntoPyObject::into_pyobject(($(this.$field.clone(),)+), slf.py())
                };
                fields(slf.get())?.eq(fields(other.get())?)
            }

            $($methods)*
        }
    };
}

pub(crate) use record_class;

/// How pickle rebuilds a [`record_class`] object: `Class(*fields)`.
pub type NewReduction<'py> = (Bound<'py, PyType>, Bound<'py, PyTuple>);
