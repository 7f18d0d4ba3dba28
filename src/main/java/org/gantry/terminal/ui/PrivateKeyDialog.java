package org.gantry.terminal.ui;

import com.vaadin.flow.component.button.Button;
import com.vaadin.flow.component.button.ButtonVariant;
import com.vaadin.flow.component.dialog.Dialog;
import com.vaadin.flow.component.html.Anchor;
import com.vaadin.flow.component.html.AttachmentType;
import com.vaadin.flow.component.html.Paragraph;
import com.vaadin.flow.server.streams.DownloadHandler;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicReference;
import org.gantry.terminal.SshKeyService;

/**
 * Hands out a generated private key exactly once: the first download gets it, then the only
 * copy is dropped, and closing the dialog drops it too.
 */
class PrivateKeyDialog extends Dialog {

    final Anchor download;
    private final AtomicReference<byte[]> privateKey;

    PrivateKeyDialog(SshKeyService.GeneratedKey generated) {
        this.privateKey = new AtomicReference<>(generated.privateKeyOpenSsh().getBytes(StandardCharsets.US_ASCII));
        String file = "gantry_" + generated.key().getName().replaceAll("[^A-Za-z0-9._-]", "_");
        setHeaderTitle("Your new key " + generated.key().getName());
        DownloadHandler once = event -> {
            byte[] bytes = privateKey.getAndSet(null);
            if (bytes == null) {
                event.getResponse().setStatus(410);
                event.getWriter().print("This private key was downloaded already; Gantry keeps no copy.");
                return;
            }
            event.setFileName(file);
            event.setContentType("application/octet-stream");
            event.setContentLength(bytes.length);
            event.getOutputStream().write(bytes);
        };
        download = new Anchor(once, AttachmentType.DOWNLOAD, "Download the private key (once)");
        download.setId("download-private-key");
        add(new Paragraph("Save it, then: chmod 600 " + file + " and ssh -i " + file + " -p <port> <you>~<job>@<host>."),
                download,
                new Paragraph("Fingerprint: " + generated.key().getFingerprint()));
        Button done = new Button("Done", e -> close());
        done.addThemeVariants(ButtonVariant.LUMO_PRIMARY);
        getFooter().add(done);
        addOpenedChangeListener(e -> {
            if (!e.isOpened()) {
                privateKey.set(null);
            }
        });
    }
}
