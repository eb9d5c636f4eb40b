package iproute2

import (
	"fmt"
	"strings"
)

// jsonWriter models iproute2's lib/json_writer.c: values separated by
// commas, and with pretty (-p) a newline and four spaces per depth
// before each member, a space inside non-empty array brackets.
type jsonWriter struct {
	b      *strings.Builder
	depth  int
	pretty bool
	sep    byte // 0 or ','
}

// eor models jsonw_eor: the separator owed before the next value.
func (w *jsonWriter) eor() {
	if w.sep != 0 {
		w.b.WriteByte(w.sep)
	}
	w.sep = ','
}

// eol models jsonw_eol: with pretty, a newline and the indentation.
func (w *jsonWriter) eol() {
	if w.pretty {
		w.b.WriteString("\n" + strings.Repeat("    ", w.depth))
	}
}

func (w *jsonWriter) begin(c byte) {
	w.eor()
	w.b.WriteByte(c)
	w.depth++
	w.sep = 0
}

func (w *jsonWriter) end(c byte) {
	w.depth--
	if w.sep != 0 {
		w.eol()
	}
	w.b.WriteByte(c)
	w.sep = ','
}

func (w *jsonWriter) startObject() { w.begin('{') }
func (w *jsonWriter) endObject()   { w.end('}') }

func (w *jsonWriter) startArray() {
	w.begin('[')
	if w.pretty {
		w.b.WriteByte(' ')
	}
}

func (w *jsonWriter) endArray() {
	if w.pretty && w.sep != 0 {
		w.b.WriteByte(' ')
	}
	w.sep = 0
	w.end(']')
}

// name models jsonw_name: a member's key.
func (w *jsonWriter) name(key string) {
	w.eor()
	w.eol()
	w.sep = 0
	w.b.WriteString(jsonQuote(key) + ":")
	if w.pretty {
		w.b.WriteByte(' ')
	}
}

// raw writes a value as it is (a number, true, false).
func (w *jsonWriter) raw(v string) {
	w.eor()
	w.b.WriteString(v)
}

func (w *jsonWriter) str(v string) {
	w.eor()
	w.b.WriteString(jsonQuote(v))
}

// Members: a key and its value.
func (w *jsonWriter) strField(key, v string) { w.name(key); w.str(v) }
func (w *jsonWriter) uintField(key string, v uint64) {
	w.name(key)
	w.raw(fmt.Sprint(v))
}
func (w *jsonWriter) intField(key string, v int64) {
	w.name(key)
	w.raw(fmt.Sprint(v))
}
func (w *jsonWriter) boolField(key string, v bool) {
	w.name(key)
	w.raw(fmt.Sprint(v))
}

// strArray writes key: [v...].
func (w *jsonWriter) strArray(key string, vs []string) {
	w.name(key)
	w.startArray()
	for _, v := range vs {
		w.str(v)
	}
	w.endArray()
}

// jsonQuote models jsonw_puts: the escapes json_writer writes (\t \n
// \r \f \b \\ \"), every other byte as it is.
func jsonQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\t':
			b.WriteString(`\t`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\f':
			b.WriteString(`\f`)
		case '\b':
			b.WriteString(`\b`)
		case '\\':
			b.WriteString(`\\`)
		case '"':
			b.WriteString(`\"`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// jsonList models new_json_obj / delete_json_obj around a dump: an
// array of the objects each call of item writes, then a newline.
func jsonList(o ipOpts, n int, item func(w *jsonWriter, i int)) string {
	var b strings.Builder
	w := &jsonWriter{b: &b, pretty: o.pretty}
	w.startArray()
	for i := 0; i < n; i++ {
		w.startObject()
		item(w, i)
		w.endObject()
	}
	w.endArray()
	b.WriteByte('\n')
	return b.String()
}

// printer models iproute2's json_print calls for one output: in text
// mode (b set) a value prints with its format and JSON-only calls print
// nothing; in JSON mode (w set) a value prints as a member named key and
// text-only calls print nothing. nl is _SL_, the line break inside a
// record ("\\" under -o).
type printer struct {
	b  *strings.Builder
	w  *jsonWriter
	nl string
}

// str models print_string(PRINT_ANY, key, format, v); an empty key or
// format leaves that mode out.
func (p *printer) str(key, format, v string) {
	switch {
	case p.w != nil && key != "":
		p.w.strField(key, v)
	case p.b != nil && format != "":
		fmt.Fprintf(p.b, format, v)
	}
}

// uint models print_uint(PRINT_ANY, key, format, v).
func (p *printer) uint(key, format string, v uint64) {
	switch {
	case p.w != nil && key != "":
		p.w.uintField(key, v)
	case p.b != nil && format != "":
		fmt.Fprintf(p.b, format, v)
	}
}

// put models one print_*(PRINT_ANY, key, format, v) call: in JSON the
// member key (an element of the open array when key is "") with js, the
// value already as JSON text; in text v with format.
func (p *printer) put(key, js, format string, v any) {
	switch {
	case p.w != nil:
		if key != "" {
			p.w.name(key)
		}
		p.w.raw(js)
	case p.b != nil:
		fmt.Fprintf(p.b, format, v)
	}
}

// num prints a number already formatted as v (print_int, print_tv).
func (p *printer) num(key, format, v string) { p.put(key, v, format, v) }

// value models print_string(PRINT_ANY, NULL, format, v): an element of
// the open array in JSON.
func (p *printer) value(format, v string) { p.put("", jsonQuote(v), format, v) }

// null models print_null(PRINT_ANY, key, format): key: null in JSON.
func (p *printer) null(key, format string) { p.put(key, "null", "%s", format) }

// text models print_string(PRINT_FP, NULL, "%s", s).
func (p *printer) text(s string) {
	if p.b != nil {
		p.b.WriteString(s)
	}
}

// flag prints an address flag: "NAME " in text, NAME: true in JSON.
func (p *printer) flag(name string) {
	if p.w != nil {
		p.w.boolField(name, true)
	}
	p.text(name + " ")
}

// strList prints a list: joined by commas into format in text, an
// array in JSON.
func (p *printer) strList(key, format string, vs []string) {
	if p.w != nil {
		p.w.strArray(key, vs)
	}
	if p.b != nil {
		fmt.Fprintf(p.b, format, strings.Join(vs, ","))
	}
}

// open models open_json_array (array) and open_json_object: in JSON,
// the member key (none when key is "") opening an array or an object;
// nothing in text.
func (p *printer) open(key string, array bool) {
	if p.w == nil {
		return
	}
	if key != "" {
		p.w.name(key)
	}
	if array {
		p.w.startArray()
	} else {
		p.w.startObject()
	}
}

// close models close_json_array (array) and close_json_object.
func (p *printer) close(array bool) {
	switch {
	case p.w == nil:
	case array:
		p.w.endArray()
	default:
		p.w.endObject()
	}
}
