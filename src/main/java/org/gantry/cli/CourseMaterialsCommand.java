package org.gantry.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code gantry course materials ID UNIT [NAME]}: a unit's notes, or one note downloaded. */
@Command(name = "materials", description = "List a unit's lecture notes, or download one (NAME).")
class CourseMaterialsCommand implements Callable<Integer> {

    @Parameters(index = "0", description = "The course's id")
    long id;

    @Parameters(index = "1", description = "The unit's id (see gantry course get)")
    long unit;

    @Parameters(index = "2", arity = "0..1", description = "A note to download")
    String name;

    @Option(names = {"-o", "--output"}, description = "Where to save the note (default: its name, here)")
    Path output;

    @Option(names = "--preview", description = "Download the PDF preview of slides instead (where the server makes"
            + " one)")
    boolean preview;

    @Override
    public Integer call() throws Exception {
        ApiClient api = ApiClient.fromConfig();
        String base = "/api/v2/courses/" + id + "/units/" + unit + "/materials";
        if (name == null) {
            JsonNode notes = api.get(base);
            if (notes.isEmpty()) {
                System.out.println("No notes in unit " + unit + " yet.");
                return 0;
            }
            System.out.printf("%-40s %-8s %-12s %s%n", "NAME", "VERSION", "BYTES", "TYPE");
            for (JsonNode n : notes) {
                System.out.printf("%-40s %-8s %-12s %s%n", n.path("name").asText(), n.path("version").asText(),
                        n.path("size").asText(), n.path("contentType").asText());
            }
            return 0;
        }
        if (name.contains("/") || name.contains("\\")) {
            throw new CliException("A note's name has no '/' or '\\': " + name);
        }
        Path target = output != null ? output : Path.of(preview ? name + ".pdf" : name);
        api.download(base + "/" + ApiClient.encode(name) + (preview ? "/preview" : ""), target);
        System.out.println("Saved " + target);
        return 0;
    }
}
