package org.gantry.storage.vfs.pai;

import java.util.Collection;
import org.apache.commons.vfs2.Capability;
import org.apache.commons.vfs2.FileObject;
import org.apache.commons.vfs2.FileSystemOptions;
import org.apache.commons.vfs2.provider.AbstractFileName;
import org.apache.commons.vfs2.provider.AbstractFileSystem;
import org.apache.commons.vfs2.provider.GenericFileName;

/** One Gantry server as seen by one token. */
class PaiFileSystem extends AbstractFileSystem {

    private final PaiRest rest;

    PaiFileSystem(GenericFileName rootName, PaiRest rest, FileSystemOptions options) {
        super(rootName, null, options);
        this.rest = rest;
    }

    PaiRest rest() {
        return rest;
    }

    @Override
    protected void addCapabilities(Collection<Capability> capabilities) {
        capabilities.addAll(PaiFileProvider.CAPABILITIES);
    }

    @Override
    protected FileObject createFile(AbstractFileName name) {
        return new PaiFileObject(name, this);
    }
}
