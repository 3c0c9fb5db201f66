//! Pickling the enum classes (`Color`, `Symmetry`) that PyO3 makes: a member is
//! rebuilt as `getattr(Class, "NAME")`, so it unpickles as the same member.

use pyo3::prelude::*;
use pyo3::types::PyType;
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
