package org.gantry.storage.ui;

import com.vaadin.flow.component.UI;
import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.confirmdialog.ConfirmDialog;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.IFrame;
import com.vaadin.flow.component.html.Image;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.component.html.Pre;
import com.vaadin.flow.component.orderedlayout.HorizontalLayout;
import com.vaadin.flow.component.orderedlayout.VerticalLayout;
import com.vaadin.flow.component.textfield.TextField;
import com.vaadin.flow.server.streams.DownloadHandler;
import com.vaadin.flow.server.streams.DownloadResponse;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.function.Consumer;
import org.gantry.base.ui.Notifications;
import org.gantry.storage.FileEntry;
import org.gantry.storage.StorageFiles;
import org.gantry.storage.StorageInfo;
import org.gantry.storage.StoragePath;

/** The file browser's dialogs: a name, a confirmation, the paths of an entry, a preview. */
final class FileDialogs {

    static final int TEXT_PREVIEW_BYTES = 64 * 1024;

    private FileDialogs() {
    }

    static void askName(String title, String initial, Consumer<String> onOk) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle(title);
        TextField name = new TextField("Name");
        name.setValue(initial);
        name.setWidthFull();
        Button ok = new Button("OK", e -> {
            dialog.close();
            onOk.accept(name.getValue().trim());
        });
        ok.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        dialog.add(name);
        dialog.getFooter().add(new Button("Cancel", e -> dialog.close()), ok);
        dialog.open();
        name.focus();
    }

    static void confirmDelete(FileEntry entry, Runnable onDelete) {
        ConfirmDialog confirm = new ConfirmDialog();
        confirm.setHeader("Delete " + entry.name() + "?");
        confirm.setText(entry.directory() ? "The folder and everything in it will be deleted. This cannot be undone."
                : "The file will be deleted. This cannot be undone.");
        confirm.setCancelable(true);
        confirm.setConfirmText("Delete");
        confirm.setConfirmButtonTheme("error primary");
        confirm.addConfirmListener(e -> onDelete.run());
        confirm.open();
    }

    /** The entry's {@code pai://} path (for the CLI and any Commons VFS user) and its path inside a job. */
    static void paths(StorageInfo storage, StoragePath path) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle("Paths of " + (path.isRoot() ? storage.name() : path.name()));
        String pai = "pai://" + hostAlias() + "/" + storage.name() + path.absolute();
        String mount = storage.mountPath() + (path.isRoot() ? "" : path.absolute());
        dialog.add(new VerticalLayout(copyRow("In the CLI and Commons VFS", pai), copyRow("Inside a job", mount)));
        dialog.getFooter().add(new Button("Close", e -> dialog.close()));
        dialog.open();
    }

    private static String hostAlias() {
        return "gantry";
    }

    private static HorizontalLayout copyRow(String label, String value) {
        TextField field = new TextField(label);
        field.setValue(value);
        field.setReadOnly(true);
        field.setWidth("min(32em, 70vw)");
        Button copy = new Button("Copy", e -> {
            UI.getCurrent().getPage().executeJs("navigator.clipboard.writeText($0)", value);
            Notifications.success("Copied " + value);
        });
        HorizontalLayout row = new HorizontalLayout(field, copy);
        row.setAlignItems(com.vaadin.flow.component.orderedlayout.FlexComponent.Alignment.BASELINE);
        return row;
    }

    static void preview(StorageFiles files, String storage, StoragePath path, FileEntry entry) {
        Dialog dialog = new Dialog();
        dialog.setHeaderTitle(entry.name());
        dialog.setWidth("min(60em, 95vw)");
        String name = entry.name().toLowerCase(Locale.ROOT);
        DownloadHandler content = DownloadHandler.fromInputStream(event -> new DownloadResponse(
                files.read(storage, path, 0), entry.name(), type(name), entry.size()));
        if (name.matches(".*\\.(png|jpe?g|gif|webp|svg)$")) {
            Image image = new Image(content, entry.name());
            image.setMaxWidth("100%");
            dialog.add(image);
        } else if (name.endsWith(".pdf")) {
            IFrame frame = new IFrame();
            frame.setSrc(content);
            frame.setWidthFull();
            frame.setHeight("70vh");
            dialog.add(frame);
        } else {
            try (InputStream in = files.read(storage, path, 0)) {
                byte[] head = in.readNBytes(TEXT_PREVIEW_BYTES);
                if (looksBinary(head)) {
                    dialog.add(new Paragraph("No preview: this looks like a binary file. Download it instead."));
                } else {
                    Pre text = new Pre(new String(head, StandardCharsets.UTF_8)
                            + (entry.size() > head.length ? "\n… (first " + head.length / 1024 + " KB shown)" : ""));
                    text.getStyle().set("white-space", "pre-wrap").set("max-height", "70vh").set("overflow", "auto");
                    dialog.add(text);
                }
            } catch (IOException e) {
                dialog.add(new Paragraph("The file could not be read: " + e.getMessage()));
            }
        }
        dialog.getFooter().add(new Button("Close", e -> dialog.close()));
        dialog.open();
    }

    private static String type(String name) {
        if (name.endsWith(".pdf")) {
            return "application/pdf";
        }
        if (name.endsWith(".svg")) {
            return "image/svg+xml";
        }
        String guessed = java.net.URLConnection.guessContentTypeFromName(name);
        return guessed == null ? "application/octet-stream" : guessed;
    }

    static boolean looksBinary(byte[] head) {
        for (byte b : head) {
            if (b == 0) {
                return true;
            }
        }
        return false;
    }
}
