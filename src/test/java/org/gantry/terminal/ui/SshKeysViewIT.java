package org.gantry.terminal.ui;

import static com.github.mvysny.kaributesting.v10.LocatorJ._click;
import static com.github.mvysny.kaributesting.v10.LocatorJ._get;
import static org.assertj.core.api.Assertions.assertThat;

import com.github.mvysny.kaributesting.v10.GridKt;
import com.vaadin.flow.component.UI;
import java.util.UUID;
import org.gantry.security.Role;
import org.gantry.security.UserService;
import org.gantry.terminal.SshKeyCodec;
import org.gantry.terminal.SshKeyService;
import org.gantry.terminal.TerminalTestData;
import org.gantry.testsupport.KaribuSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.ApplicationContext;

@SpringBootTest
class SshKeysViewIT {

    @Autowired
    ApplicationContext context;

    @Autowired
    UserService users;

    @Autowired
    SshKeyService keys;

    @Autowired
    SshKeyCodec codec;

    String user;

    @BeforeEach
    void signIn() {
        user = "kv" + UUID.randomUUID().toString().substring(0, 8);
        TerminalTestData.user(users, user, Role.USER);
        KaribuSupport.signIn(context, user, Role.USER);
        UI.getCurrent().navigate("settings/ssh-keys");
    }

    @AfterEach
    void signOut() {
        KaribuSupport.signOut();
    }

    @Test
    void a_pasted_public_key_is_added_and_listed() {
        SshKeysView view = _get(SshKeysView.class);
        String publicKey = codec.generate(SshKeyCodec.KeyKind.ED25519, "x").publicKey().openSsh();
        view.publicKey.setValue(publicKey + " me@laptop");
        _click(view.add);

        assertThat(keys.list(user)).singleElement().satisfies(key -> assertThat(key.getName()).isEqualTo("me@laptop"));
        assertThat(GridKt._size(view.grid)).isEqualTo(1);
        assertThat(view.publicKey.getValue()).isEmpty();
    }

    @Test
    void a_private_key_pasted_by_mistake_is_refused_with_a_reason() {
        SshKeysView view = _get(SshKeysView.class);
        view.publicKey.setValue(codec.generate(SshKeyCodec.KeyKind.ED25519, "x").privateKeyOpenSsh());
        _click(view.add);

        assertThat(view.publicKey.isInvalid()).isTrue();
        assertThat(view.publicKey.getErrorMessage()).contains("private key");
        assertThat(keys.list(user)).isEmpty();
    }

    @Test
    void a_generated_pair_registers_the_public_key_and_offers_the_private_one_once() {
        SshKeysView view = _get(SshKeysView.class);
        view.generatedName.setValue("workstation");
        _click(view.generate);

        PrivateKeyDialog dialog = _get(PrivateKeyDialog.class);
        assertThat(dialog.download.getHref()).isNotBlank();
        assertThat(keys.list(user)).singleElement().satisfies(key -> {
            assertThat(key.getName()).isEqualTo("workstation");
            assertThat(key.getKeyType()).isEqualTo("ssh-ed25519");
        });
    }
}
