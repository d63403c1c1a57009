// The text of a JSON document's integer literals at given keys, for the values QJsonDocument cannot
// hold exactly: it keeps integers as int64 or double, so a seed from 2^63 up to 2^64 - 1
// (18446744073709551615, which `--seed` takes) would arrive rounded. Qt Core only.
#pragma once

#include <QByteArray>

#include <map>
#include <set>
#include <string>

namespace presisi::services {

// For every number whose member name is in `keys`, its literal text, keyed by the path of the member
// ("/scenario/seed", "/scenario/data/seed"; array elements as "/lanes/0"). `text` must be valid JSON
// (parse it with QJsonDocument first): on anything else the result is empty or partial, never an
// error. Nesting deeper than QJsonDocument allows is not descended into.
std::map<std::string, std::string> integerLiterals(const QByteArray& text, const std::set<std::string>& keys);

// The path of the first member whose object already has a member of that name ("/scenario/lr"), or empty.
// QJsonDocument keeps one of the two silently; a file that says a thing twice is refused instead. Member names
// are compared as written (escapes not decoded). `text` must be valid JSON, as for integerLiterals.
std::string firstDuplicateMember(const QByteArray& text);

}  // namespace presisi::services
