package benchsh.shell.report;

import benchsh.shell.result.Result;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The report formats, chosen by a file's extension: .md, .html, .csv, .json. */
public enum ReportFormat {
    MARKDOWN(".md", ".markdown"),
    HTML(".html", ".htm"),
    CSV(".csv"),
    JSON(".json");

    private final List<String> extensions;

    ReportFormat(String... extensions) {
        this.extensions = List.of(extensions);
    }

    /** The format a file name asks for; IllegalArgumentException names the known extensions. */
    public static ReportFormat of(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        for (ReportFormat f : values()) {
            if (f.extensions.stream().anyMatch(name::endsWith)) {
                return f;
            }
        }
        throw new IllegalArgumentException("cannot tell the report format of '" + file + "'; name it .md, .html, .csv or .json");
    }

    /** Writes the whole report (results with their context) to {@code file}, atomically. */
    public static void write(Path file, List<Result> results, ReportContext context, ThroughputUnit unit) throws java.io.IOException {
        ReportFiles.write(file, of(file).render(results, context, unit));
    }

    /**
     * Writes the results alone (no environment, script or times) to {@code file}, atomically: CSV rows,
     * a JSON array, or the Markdown tables.
     */
    public static void export(Path file, List<Result> results, ThroughputUnit unit) throws java.io.IOException {
        ReportFormat f = of(file);
        String text = switch (f) {
            case CSV -> CsvReport.render(results);
            case JSON -> JsonReport.array(results);
            case MARKDOWN -> MarkdownReport.tables(results, unit);
            case HTML -> throw new IllegalArgumentException("export writes .csv, .json or .md; for HTML use report '" + file + "'");
        };
        ReportFiles.write(file, text);
    }

    public String render(List<Result> results, ReportContext context, ThroughputUnit unit) {
        return switch (this) {
            case MARKDOWN -> MarkdownReport.render(results, context, unit);
            case HTML -> HtmlReport.render(results, context, unit);
            case CSV -> CsvReport.render(results);
            case JSON -> JsonReport.render(results, context);
        };
    }
}
